// The warehouse namespace's texts of the suppliers area beyond the manifest's titles, German and
// English (merged under `warehouse` by kontor-warehouse.tsx; keys warehouse:suppliers.*).
export const suppliersTexts = {
  de: {
    suppliers: {
      titleOf: 'Lieferant bearbeiten: {{name}} ({{number}})',
      back: 'Zu den Lieferanten',
      fields: {
        name: 'Name',
        number: 'Lieferantennummer',
        isDropshipping: 'Streckengeschäft (liefert direkt an Endkunden)',
        dropshipping: 'Streckengeschäft',
        contactPerson: 'Kontakt',
        city: 'Ort',
        email: 'E-Mail',
        phone: 'Telefon',
      },
      sections: {
        supplier: 'Lieferant',
      },
      yes: 'Ja',
      no: 'Nein',
      deleteQuestion: 'Lieferant „{{name}}“ wirklich löschen?',
      toasts: {
        created: 'Lieferant erfolgreich erstellt',
        updated: 'Lieferant erfolgreich aktualisiert',
        deleted: 'Lieferant erfolgreich gelöscht',
      },
    },
  },
  en: {
    suppliers: {
      titleOf: 'Edit supplier: {{name}} ({{number}})',
      back: 'To the suppliers',
      fields: {
        name: 'Name',
        number: 'Supplier number',
        isDropshipping: 'Dropshipping (ships to the end customer directly)',
        dropshipping: 'Dropshipping',
        contactPerson: 'Contact',
        city: 'City',
        email: 'Email',
        phone: 'Phone',
      },
      sections: {
        supplier: 'Supplier',
      },
      yes: 'Yes',
      no: 'No',
      deleteQuestion: 'Really delete the supplier “{{name}}”?',
      toasts: {
        created: 'Supplier created successfully',
        updated: 'Supplier updated successfully',
        deleted: 'Supplier deleted successfully',
      },
    },
  },
};
