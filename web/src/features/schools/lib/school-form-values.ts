// The school form's values and the bodies they become (SPEC §3 "School form", §5): pure mapping,
// kept apart from the component so that it is unit-tested.
import { VIDE } from '../../../../../common/schemas/admin-fields.js';
import type {
  School,
  SchoolCreate,
  SchoolCreateInput,
  SchoolEditInput,
} from '../../../../../common/schemas/schools.js';

export type SchoolFormValues = {
  schoolName: string;
  city: string;
  email: string;
  telephone: string;
  website: string;
  addres: string;
  licensestartdate: string;
  licensesddate: string;
  licensespaymentdate: string;
  activelicense: boolean;
  remarque: string;
  uai: string;
};

const todayIso = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** SPEC §9: licence start and payment date default to today, the licence to inactive. */
export const newSchoolDefaults = (): SchoolFormValues => ({
  schoolName: '',
  city: '',
  email: '',
  telephone: '',
  website: '',
  addres: '',
  licensestartdate: todayIso(),
  licensesddate: '',
  licensespaymentdate: todayIso(),
  activelicense: false,
  remarque: '',
  uai: '',
});

export const schoolToFormValues = (school: School): SchoolFormValues => ({
  schoolName: school.schoolName,
  city: school.city,
  email: school.email,
  telephone: school.telephone,
  website: school.website,
  addres: school.addres,
  licensestartdate: school.licensestartdate,
  licensesddate: school.licensesddate,
  licensespaymentdate: school.licensespaymentdate,
  activelicense: school.activelicense,
  remarque: school.remarque,
  uai: school.uai,
});

const CLEARABLE = ['email', 'website', 'remarque', 'addres', 'uai'] as const;

/** The edit payload: non-empty fields only (SPEC §5); a cleared optional field is sent as 'vide'. */
export function toEditPayload(values: SchoolFormValues, original: School): SchoolEditInput {
  const payload: Record<string, string | boolean> = { activelicense: values.activelicense };
  const originalValues = schoolToFormValues(original);
  for (const [key, value] of Object.entries(values) as [keyof SchoolFormValues, string | boolean][]) {
    if (typeof value !== 'string') continue;
    if (value.trim() !== '') payload[key] = value.trim();
    else if ((CLEARABLE as readonly string[]).includes(key) && originalValues[key] !== '')
      payload[key] = VIDE;
  }
  return payload;
}

/** The create body: an empty website, email or remark is sent as 'vide' (SPEC §3 "School form");
 * the UAI only when there is one, so a school without it is the spec's body exactly. */
export function toCreatePayload(values: SchoolCreate): SchoolCreateInput {
  const { uai, ...rest } = values;
  return {
    ...rest,
    ...(uai ? { uai } : {}),
    email: values.email || VIDE,
    website: values.website || VIDE,
    remarque: values.remarque || VIDE,
  };
}
