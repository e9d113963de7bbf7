import type { SimState } from '../state.ts';
import type { NewMember } from '../members/registry.ts';

/**
 * The demo network: two tokenizers issuing USD and EUR in different countries, and four market makers
 * in four countries, each with `emission`, `main` and `second`. BICs carry the member's country so
 * ISO 20022 messages read naturally. Identifiers are fixed: developers put them in their own config.
 */
export const demoMembers: NewMember[] = [
  { identification: 'tokenizer-usd', bicfi: 'TKNUUS33', business_role: 'MIS', country_code: 'US', operating_accounts: ['main', 'second'] },
  { identification: 'tokenizer-eur', bicfi: 'TKNEDEFF', business_role: 'MIS', country_code: 'DE', operating_accounts: ['main', 'second'] },
  { identification: 'mm-london', bicfi: 'MMLOGB2L', business_role: 'MMM', country_code: 'GB', operating_accounts: ['main', 'second'] },
  { identification: 'mm-singapore', bicfi: 'MMSGSGSG', business_role: 'MMM', country_code: 'SG', operating_accounts: ['main', 'second'] },
  { identification: 'mm-saopaulo', bicfi: 'MMSPBRSP', business_role: 'MMM', country_code: 'BR', operating_accounts: ['main', 'second'] },
  { identification: 'mm-nairobi', bicfi: 'MMNBKENA', business_role: 'MMM', country_code: 'KE', operating_accounts: ['main', 'second'] },
];

export const demoAssets = [
  { tokenizer: 'tokenizer-usd', code: 'USD' },
  { tokenizer: 'tokenizer-eur', code: 'EUR' },
];

export function seedDemoNetwork(state: SimState): void {
  for (const member of demoMembers) state.members.add(member);
  for (const asset of demoAssets) {
    state.assets.register({ asset_code_identification: asset.code, asset_group_identification: 'DSA', asset_issuer_identification: asset.tokenizer });
  }
}
