// Query keys of the insight views shown in the teacher area.
export const insightsKeys = {
  groupOverview: (groupId: string) => ['user', 'groupoverview', groupId] as const,
};
