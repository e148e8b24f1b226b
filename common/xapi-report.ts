// The cmi5 launch checks the player's LRS endpoint applies, from their one source
// (common/standards/xapi.ts); web/player imports them from here until it imports that module.
export { isLaunchActor, isLaunchedActivity } from './standards/xapi.js';
