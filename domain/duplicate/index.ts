export * from './settings';
export * from './decks';
export * from './seating';
export * from './results';
export * from './counts';
export * from './table-replay';
export * from './event';
export * from './diagram';
