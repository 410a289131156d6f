// autocannon ships no types; the benchmarks read only a few fields of its result.
declare module 'autocannon';
