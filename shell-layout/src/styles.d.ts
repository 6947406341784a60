// Style sheets are injected by build/style-loader.cjs (a stub under jest).
declare module '*.css';
