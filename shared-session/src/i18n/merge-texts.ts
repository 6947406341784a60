type Texts = Record<string, unknown>;

/**
 * Merges a module's texts one level deep: the manifest's namespace first, then each area's
 * own texts file (`{ stock: {...} }`, `{ avis: {...} }`), so every area keeps its keys in its
 * own folder and a module's entry lists the files once.
 */
export function mergeTexts(...parts: Texts[]): Texts {
  const out: Texts = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const had = out[key];
      out[key] =
        had && typeof had === 'object' && value && typeof value === 'object'
          ? { ...(had as Texts), ...(value as Texts) }
          : value;
    }
  }
  return out;
}

/** An area's texts, German and English. */
export interface AreaTexts {
  de: Texts;
  en: Texts;
}

/**
 * A module's translations: its manifest's namespace in both languages with every area's
 * texts merged in (`moduleTexts('warehouse', manifest.translations, stockTexts, avisTexts)`).
 */
export function moduleTexts(
  namespace: string,
  manifestTexts: { de: Record<string, Texts>; en: Record<string, Texts> },
  ...areas: AreaTexts[]
): { de: Record<string, Texts>; en: Record<string, Texts> } {
  return {
    de: { [namespace]: mergeTexts(manifestTexts.de[namespace] ?? {}, ...areas.map((a) => a.de)) },
    en: { [namespace]: mergeTexts(manifestTexts.en[namespace] ?? {}, ...areas.map((a) => a.en)) },
  };
}
