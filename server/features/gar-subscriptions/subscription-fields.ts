// What a school's GAR subscription should say, from its row and the settings, and the XML the GAR's
// publisher web service takes ("webservice abonnement", namespace below). Pure: no I/O here.
import { XMLBuilder } from 'fast-xml-parser';
import type { GarSubscriptionsConfig } from '../../config.js';

const SUBSCRIPTION_NAMESPACE = 'http://www.atosworldline.com/wsabonnement/v1.0/';

/** The profiles that may open Ardoise through the GAR (its sign-in refuses the others). */
export const PUBLIC_CIBLE = ['ENSEIGNANT', 'DOCUMENTALISTE'] as const;

export type SubscriptionFields = {
  idAbonnement: string;
  commentaireAbonnement: string;
  idDistributeurCom?: string;
  idRessource: string;
  typeIdRessource: 'ark';
  libelleRessource: string;
  debutValidite: string;
  finValidite: string;
  uaiEtab: string;
  categorieAffectation: 'transferable';
  typeAffectation: 'ETABL';
  nbLicenceGlobale: 'ILLIMITE';
  publicCible: string[];
};

type SchoolLicence = {
  id: number;
  name: string;
  uai: string | null;
  sign_in_method: string;
  active_license: number;
  license_start_date: string;
  license_end_date: string;
};

/** The subscription id: stable for a school and its UAI (a new UAI is a new subscription). */
export const subscriptionIdOf = (schoolId: number, uai: string): string => `ARDOISE-${uai}-${schoolId}`;

/** The subscription the GAR should hold for this school, or null when it should hold none: a school
 * whose teachers sign in through the GAR, with a UAI and a licence switched on. */
export function wantedSubscription(
  school: SchoolLicence,
  config: GarSubscriptionsConfig,
): SubscriptionFields | null {
  if (!school.uai || school.sign_in_method !== 'gar' || school.active_license !== 1) return null;
  return {
    idAbonnement: subscriptionIdOf(school.id, school.uai),
    commentaireAbonnement: `Licence Ardoise : ${school.name}`.slice(0, 255),
    ...(config.distributorId ? { idDistributeurCom: config.distributorId } : {}),
    idRessource: config.resourceId,
    typeIdRessource: 'ark',
    libelleRessource: config.resourceName,
    // The licence's calendar days, both included.
    debutValidite: `${school.license_start_date}T00:00:00`,
    finValidite: `${school.license_end_date}T23:59:59`,
    uaiEtab: school.uai,
    categorieAffectation: 'transferable',
    typeAffectation: 'ETABL',
    nbLicenceGlobale: 'ILLIMITE',
    publicCible: [...PUBLIC_CIBLE],
  };
}

const builder = new XMLBuilder({ ignoreAttributes: false, format: false, suppressEmptyNode: true });

/** The body of a creation (PUT, with uaiEtab) or an update (POST: the GAR refuses uaiEtab there).
 * Elements follow the order of the GAR's schema. */
export function subscriptionXml(fields: SubscriptionFields, kind: 'create' | 'update'): string {
  const { uaiEtab, ...rest } = fields;
  const ordered = {
    '@_xmlns': SUBSCRIPTION_NAMESPACE,
    idAbonnement: rest.idAbonnement,
    commentaireAbonnement: rest.commentaireAbonnement,
    ...(rest.idDistributeurCom ? { idDistributeurCom: rest.idDistributeurCom } : {}),
    idRessource: rest.idRessource,
    typeIdRessource: rest.typeIdRessource,
    libelleRessource: rest.libelleRessource,
    debutValidite: rest.debutValidite,
    finValidite: rest.finValidite,
    ...(kind === 'create' ? { uaiEtab } : {}),
    categorieAffectation: rest.categorieAffectation,
    typeAffectation: rest.typeAffectation,
    nbLicenceGlobale: rest.nbLicenceGlobale,
    publicCible: rest.publicCible,
  };
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ abonnement: ordered })}`;
}
