import type { Catalogue } from './words';

// Stocktaking (Inventur): refusals and what the server stores about counts.
export const stocktaking = {
  'stocktaking.uncounted': {
    de: {
      one: 'Ein Lagerplatz der Inventur {number} ist noch nicht gezählt: zählen oder als leer bestätigen, dann abschließen.',
      other:
        '{count} Lagerplätze der Inventur {number} sind noch nicht gezählt: zählen oder als leer bestätigen, dann abschließen.',
    },
    en: {
      one: 'One place of the stocktaking {number} has not been counted yet: count it or confirm it empty, then complete.',
      other:
        '{count} places of the stocktaking {number} have not been counted yet: count them or confirm them empty, then complete.',
    },
  },
} as const satisfies Catalogue;
