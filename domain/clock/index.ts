export * from './structure';
export * from './default-structures';
export * from './events';
export * from './timer';
export * from './advance';
export * from './commands';
export * from './view';
export * from './forced-bets';
