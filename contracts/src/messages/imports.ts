import type { Catalogue } from './words';

// Why an import rejected a row's field (`import.rule.<rule>`, the rules of IMPORT_RULES in
// server/src/imports/reasons.ts), named by the file's column: `Nettopreis: keine Zahl.`
export const imports = {
  'import.rule.required': {
    de: '{column}: Pflichtangabe fehlt.',
    en: '{column}: required, but empty.',
  },
  'import.rule.max': {
    de: '{column}: höchstens {max} Zeichen.',
    en: '{column}: at most {max} characters.',
  },
  'import.rule.min': {
    de: '{column}: mindestens {min} Zeichen.',
    en: '{column}: at least {min} characters.',
  },
  'import.rule.email': {
    de: '{column}: keine gültige E-Mail-Adresse.',
    en: '{column}: not a valid e-mail address.',
  },
  'import.rule.postcode': {
    de: '{column}: keine gültige Postleitzahl für das Land.',
    en: '{column}: not a valid postcode for the country.',
  },
  'import.rule.unique': {
    de: '{column}: der Wert ist bereits vergeben.',
    en: '{column}: the value is already taken.',
  },
  'import.rule.exists': {
    de: '{column}: diese Auswahl gibt es nicht.',
    en: '{column}: this choice does not exist.',
  },
  'import.rule.format': { de: '{column}: ungültiges Format.', en: '{column}: invalid format.' },
  'import.rule.date': { de: '{column}: kein gültiges Datum.', en: '{column}: not a valid date.' },
  'import.rule.day': { de: '{column}: kein gültiges Datum.', en: '{column}: not a valid date.' },
  'import.rule.id': { de: '{column}: keine gültige Auswahl.', en: '{column}: not a valid choice.' },
  'import.rule.characters': {
    de: '{column}: enthält unzulässige Zeichen.',
    en: '{column}: contains characters that are not allowed.',
  },
  'import.rule.url': {
    de: '{column}: keine gültige Adresse (mit http:// oder https://).',
    en: '{column}: not a valid address (with http:// or https://).',
  },
  'import.rule.in': {
    de: '{column}: dieser Wert ist hier nicht möglich.',
    en: '{column}: this value is not possible here.',
  },
  'import.rule.distinct': {
    de: '{column}: der Wert steht schon in einer anderen Zeile.',
    en: '{column}: the value is already in another row.',
  },
  'import.rule.numeric': { de: '{column}: keine Zahl.', en: '{column}: not a number.' },
  'import.rule.boolean': {
    de: '{column}: weder ja noch nein.',
    en: '{column}: neither yes nor no.',
  },
  'import.rule.decimals': {
    de: '{column}: zu viele Nachkommastellen.',
    en: '{column}: too many decimal places.',
  },
  'import.rule.integer': {
    de: '{column}: keine ganze Zahl.',
    en: '{column}: not a whole number.',
  },
  'import.rule.between': {
    de: '{column}: der Wert liegt außerhalb des erlaubten Bereichs.',
    en: '{column}: the value is out of the allowed range.',
  },
  'import.rule.minValue': {
    de: '{column}: der Wert ist zu klein.',
    en: '{column}: the value is too small.',
  },
  'import.rule.maxValue': {
    de: '{column}: der Wert ist zu groß.',
    en: '{column}: the value is too large.',
  },
  'import.rule.gtin': {
    de: '{column}: keine gültige EAN.',
    en: '{column}: not a valid EAN.',
  },
  'import.rule.gtinCheckDigit': {
    de: '{column}: die Prüfziffer stimmt nicht.',
    en: '{column}: the check digit is wrong.',
  },
  'import.rule.cas': {
    de: '{column}: keine gültige CAS-Nummer.',
    en: '{column}: not a valid CAS number.',
  },
  'import.rule.casCheckDigit': {
    de: '{column}: die Prüfziffer der CAS-Nummer stimmt nicht.',
    en: '{column}: the check digit of the CAS number is wrong.',
  },
  'import.rule.unNumber': {
    de: '{column}: keine gültige UN-Nummer (vier Ziffern).',
    en: '{column}: not a valid UN number (four digits).',
  },
  'import.rule.hazardIdNumber': {
    de: '{column}: keine gültige Gefahrnummer.',
    en: '{column}: not a valid hazard identification number.',
  },
  'import.rule.country': {
    de: '{column}: kein bekanntes Land.',
    en: '{column}: not a known country.',
  },
  'import.rule.customerNumber': {
    de: '{column}: nur Buchstaben, Ziffern, Punkt, Binde- und Schrägstrich.',
    en: '{column}: only letters, digits, dot, dash and slash.',
  },
  'import.rule.type': {
    de: '{column}: der Wert hat die falsche Art.',
    en: '{column}: the value is of the wrong kind.',
  },
  'import.rule.invalid': { de: '{column}: ungültiger Wert.', en: '{column}: invalid value.' },
} as const satisfies Catalogue;
