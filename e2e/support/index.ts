export * from './api';
export * from './browser';
export * from './env';
export * from './mail';
export * from './ui';
export * from './axe';
