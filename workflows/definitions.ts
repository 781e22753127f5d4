// Signals, queries and updates, declared once so the API and the workflows share them.
// (Capabilities add theirs here.)
export {};
