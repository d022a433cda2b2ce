export * from './common';
export * from './rule-query';
export * from './structure';
export * from './entity';
export * from './user';
export * from './brand';
export * from './page-document';
export * from './registry';
