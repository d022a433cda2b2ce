export * from './document';
export * from './actions';
