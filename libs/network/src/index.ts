export * from './address-classification';
export * from './public-address-guard';
