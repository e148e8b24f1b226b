// The school form's values and the bodies they become (docs/product.md#entities-and-their-fields ("School form"), docs/product.md#validation-rules): pure mapping,
// kept apart from the component so that it is unit-tested.
import { VIDE } from '@/common/schemas/admin-fields.js';
import { GAR_ATTRIBUTES, type GarAttribute, type SignInMethod } from '@/common/schemas/ent.js';
import type { School, SchoolCreate, SchoolCreateInput, SchoolEditInput } from '@/common/schemas/schools.js';

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
  signInMethod: SignInMethod;
  casUrl: string;
  casAttributes: Record<GarAttribute, string>;
  levels: number[];
  groupQuota: string;
};

const todayIso = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

const casAttributesValues = (mapping: Partial<Record<string, string>> = {}) =>
  Object.fromEntries(GAR_ATTRIBUTES.map((name) => [name, mapping[name] ?? ''])) as Record<
    GarAttribute,
    string
  >;

/** docs/product.md#business-constants-and-limits: licence start and payment date default to today, the licence to inactive. */
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
  signInMethod: 'password',
  casUrl: '',
  casAttributes: casAttributesValues(),
  levels: [],
  groupQuota: '',
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
  signInMethod: school.signInMethod,
  casUrl: school.casUrl,
  casAttributes: casAttributesValues(school.casAttributes),
  levels: school.levels.map((level) => level.id),
  groupQuota: school.groupQuota === null ? '' : String(school.groupQuota),
});

const CLEARABLE = ['email', 'website', 'remarque', 'addres', 'uai', 'casUrl'] as const;

/** The edit payload: non-empty fields only (docs/product.md#validation-rules); a cleared optional field is sent as 'vide'.
 * The ENT fields are sent as they stand (an emptied group quota means no limit). */
export function toEditPayload(values: SchoolFormValues, original: School): SchoolEditInput {
  const payload: Record<string, unknown> = {
    activelicense: values.activelicense,
    signInMethod: values.signInMethod,
    casAttributes: values.casAttributes,
    levels: values.levels,
    groupQuota: values.groupQuota.trim() === '' ? null : values.groupQuota.trim(),
  };
  const originalValues = schoolToFormValues(original);
  for (const [key, value] of Object.entries(values) as [keyof SchoolFormValues, unknown][]) {
    if (typeof value !== 'string' || key === 'groupQuota' || key === 'signInMethod') continue;
    if (value.trim() !== '') payload[key] = value.trim();
    else if ((CLEARABLE as readonly string[]).includes(key) && originalValues[key] !== '')
      payload[key] = VIDE;
  }
  return payload as SchoolEditInput;
}

/** The create body: an empty website, email or remark is sent as 'vide' (docs/product.md#entities-and-their-fields ("School form"));
 * the UAI and the ENT fields only when they say something, so that a school without them is the
 * spec's body exactly. */
export function toCreatePayload(values: SchoolCreate): SchoolCreateInput {
  const { uai, signInMethod, casUrl, casAttributes, levels, groupQuota, ...rest } = values;
  return {
    ...rest,
    email: values.email || VIDE,
    website: values.website || VIDE,
    remarque: values.remarque || VIDE,
    ...(uai ? { uai } : {}),
    ...(signInMethod !== 'password' ? { signInMethod } : {}),
    ...(casUrl ? { casUrl } : {}),
    ...(Object.keys(casAttributes).length > 0 ? { casAttributes } : {}),
    ...(levels.length > 0 ? { levels } : {}),
    ...(groupQuota !== null ? { groupQuota } : {}),
  };
}
