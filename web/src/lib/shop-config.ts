import { defaultShopConfig, type ShopConfig } from '@shop/shared/config/shop-config';

/** The server injects the shop's public configuration into index.html as a JSON data block (no zod here: keep the first page light). */
function readShopConfig(): ShopConfig {
  const el = typeof document !== 'undefined' ? document.getElementById('shop-config') : null;
  if (!el?.textContent) return defaultShopConfig;
  try {
    const parsed = JSON.parse(el.textContent) as Partial<ShopConfig>;
    return { ...defaultShopConfig, ...parsed };
  } catch {
    return defaultShopConfig;
  }
}

export const shopConfig: ShopConfig = readShopConfig();
