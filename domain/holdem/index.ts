export * from './cards';
export * from './deck';
export * from './evaluator';
export * from './pots';
export * from './hand';
export * from './record';
export * from './history';
export { hmacSha256, sha256, toHex, utf8 } from './sha256';
