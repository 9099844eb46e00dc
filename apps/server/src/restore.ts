// Placeholder while issue 23 §1 is being written (replaced before it lands).
console.error('not built yet');
process.exitCode = 1;
export {};
