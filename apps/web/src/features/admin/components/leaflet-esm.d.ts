// Leaflet's own ESM build has the API of the package's CommonJS main, typed by @types/leaflet.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
