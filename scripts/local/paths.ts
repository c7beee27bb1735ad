import { resolve } from 'node:path';

/** Where `npm start` keeps its state: the database files, the issuer and cursor keys, the clubs' logos, the running endpoints. */
export const DATA_DIR = resolve(process.env.SPORT_POKER_DATA_DIR ?? '.data');
export const DB_DIR = resolve(DATA_DIR, 'dynamodb');
export const ISSUER_KEY_FILE = resolve(DATA_DIR, 'keys', 'issuer.json');
export const CURSOR_SECRET_FILE = resolve(DATA_DIR, 'keys', 'cursor-secret');
/** The clubs' logos, in place of the stack's bucket. */
export const LOGO_DIR = resolve(DATA_DIR, 'logos');
export const RUNTIME_FILE = resolve(DATA_DIR, 'local.json');

export interface RuntimeInfo {
  url: string;
  issuer: string;
  audience: string;
  dynamoEndpoint: string;
  tableName: string;
}
