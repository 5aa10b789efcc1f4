// `server-only` guards modules from client bundles and throws when imported anywhere else.
// Tests run server modules in plain Node, so the guard is replaced by this empty module.
export {};
