/**
 * Settlement instruments (assets). An asset is identified by its code and its issuer, never by the
 * code alone: two tokenizers may both issue `USD`. Field names win over the spec's crossed
 * descriptions: `asset_code_identification` is the code (`USD`, `USDDSO`), `asset_group_identification`
 * is the group (`DSA` or `DSO`).
 */
export type AssetGroup = 'DSA' | 'DSO';

export interface Asset {
  asset_code_identification: string;
  asset_group_identification: AssetGroup;
  asset_issuer_identification: string;
}

export function assetKey(code: string, issuer: string): string {
  return `${code}:${issuer}`;
}

export class AssetRegistry {
  private readonly assets = new Map<string, Asset>();

  /** Records an asset; idempotent (the same code and issuer give the same object back). */
  register(asset: Asset): Asset {
    const key = assetKey(asset.asset_code_identification, asset.asset_issuer_identification);
    const existing = this.assets.get(key);
    if (existing) return existing;
    this.assets.set(key, asset);
    return asset;
  }

  get(code: string, issuer: string): Asset | undefined {
    return this.assets.get(assetKey(code, issuer));
  }

  list(): Asset[] {
    return [...this.assets.values()];
  }

  issuedBy(issuer: string): Asset[] {
    return this.list().filter((asset) => asset.asset_issuer_identification === issuer);
  }
}
