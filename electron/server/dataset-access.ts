import type { DatasetDescriptor } from '../../shared/dataset-descriptor.ts';
import type { Principal } from './access-policy.ts';
import { ServiceHttpError } from './service-error.ts';

/**
 * Checks a dataset's access policy for one UTC date (spec 4.6 rules 7–8): dates after the public
 * cutoff need a key (401), or a paid key where the dataset requires payment (402 anonymous,
 * 403 for a key without historical download access).
 */
export function checkDatasetAccess(dataset: DatasetDescriptor, date: string, principal: Principal): void {
  const { gate, publicCutoffDate } = dataset.access;
  if (gate === 'none' || publicCutoffDate === null || date <= publicCutoffDate) return;
  const what = `${dataset.source}/${dataset.market} on ${date}`;
  if (principal.kind === 'anonymous') {
    if (gate === 'payment') {
      throw new ServiceHttpError(402, 'payment_required', `${what} requires payment`, 'Send an API key with a paid subscription.');
    }
    throw new ServiceHttpError(401, 'authentication_required', `Authentication required for this date: ${what} is past the public cutoff ${publicCutoffDate}`, 'Send "Authorization: Bearer <API_KEY>".');
  }
  if (gate === 'payment' && principal.tier !== 'paid') {
    throw new ServiceHttpError(403, 'forbidden', `This API key lacks historical download access to ${what}`, 'Upgrade the key to a paid subscription.');
  }
}
