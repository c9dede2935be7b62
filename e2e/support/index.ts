export * from './api';
export * from './axe';
export * from './fixtures';
export * from './mail';
export * from './ui';
