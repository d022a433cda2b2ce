export * from './visibility';
export * from './availability';
export * from './layout';
export * from './modal-rules';
export * from './tab-query';
export * from './qr';
