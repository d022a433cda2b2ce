export * from './visibility';
export * from './availability';
export * from '../structure/layout';
export * from './modal-rules';
export * from './tab-query';
export * from './qr';
