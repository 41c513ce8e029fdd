export { seedCatalogue } from './seed.ts';
export { publicShopConfig } from './shop-config.ts';
