/**
 * The centre's milestones (db/milestones.ts) in Spanish, by their stable key (the seed's `key`, the `milestones.key`
 * column), so rewording a milestone's English name keeps its Spanish: what a Spanish page and the
 * Spanish portal show in place of the English name and description. Written for the families who read them, in
 * the plain Spanish of a Columbus centre's notes home. tests/unit/i18n-catalogues.test.ts checks that every
 * milestone has its Spanish and that nothing here names a milestone that is gone.
 */
export const MILESTONES_ES: Readonly<Record<string, { name: string; description: string }>> = {
  // 0-6 meses
  'holds-head-steady': {
    name: 'Sostiene la cabeza',
    description: 'Sostiene la cabeza firme sin apoyo cuando se le carga derecho y se apoya en los antebrazos boca abajo.',
  },
  'first-social-smile': {
    name: 'Primera sonrisa social',
    description: 'Sonríe al ver la cara y oír la voz de quien lo cuida: el comienzo de una relación de cariño.',
  },
  'coos-and-babbles': {
    name: 'Hace gorgoritos y balbucea',
    description: 'Hace gorgoritos, se voltea hacia las voces y se turna para «conversar» con un adulto.',
  },
  'tracks-moving-objects': {
    name: 'Sigue objetos con la mirada',
    description: 'Sigue con los ojos un juguete o una cara que se mueve de lado a lado y estira la mano hacia lo que le interesa.',
  },
  'brings-hands-to-mouth': {
    name: 'Se lleva las manos a la boca',
    description: 'Se lleva las manos a la boca para calmarse y se tranquiliza cuando lo cargan o le hablan.',
  },
  // 6-12 meses
  'sits-without-support': {
    name: 'Se sienta sin apoyo',
    description: 'Se sienta firme sin ayuda, con las dos manos libres para explorar y pasar juguetes de una mano a otra.',
  },
  'pulls-to-stand': {
    name: 'Se para agarrándose',
    description: 'Se levanta agarrándose de los muebles y da unos pasos de lado sin soltarse.',
  },
  'object-permanence': {
    name: 'Sabe que las cosas siguen ahí',
    description: 'Busca un juguete escondido bajo una manta: entiende que las cosas existen aunque no las vea.',
  },
  'waves-bye-bye': {
    name: 'Dice adiós con la mano',
    description: 'Dice adiós con la mano y juega a juegos de ida y vuelta como el cucú o las palmitas.',
  },
  'first-words': {
    name: 'Primeras palabras',
    description: 'Dice «mamá» o «papá» sabiendo a quién nombra y responde a su propio nombre.',
  },
  'finger-feeds': {
    name: 'Come con los dedos',
    description: 'Toma trocitos de comida con el pulgar y el índice y come por sí mismo.',
  },
  // 1-2 años
  'walks-independently': {
    name: 'Camina solo',
    description: 'Cruza la sala caminando sin agarrarse y empieza a subirse a muebles bajos.',
  },
  'stacks-blocks': {
    name: 'Apila bloques',
    description: 'Apila de dos a cuatro bloques y mete figuras sencillas en un clasificador de formas.',
  },
  'two-word-phrases': {
    name: 'Frases de dos palabras',
    description: 'Junta dos palabras, como «más leche», y señala los dibujos de un libro cuando se los nombran.',
  },
  'parallel-play': {
    name: 'Juega al lado de otros',
    description: 'Juega junto a otros niños, mirando e imitando lo que hacen.',
  },
  'drinks-from-an-open-cup': {
    name: 'Bebe de un vaso abierto',
    description: 'Bebe de un vaso abierto derramando poco e intenta usar la cuchara.',
  },
  // 3-4 años
  'pedals-a-tricycle': {
    name: 'Pedalea un triciclo',
    description: 'Pedalea un triciclo, corre con soltura y trepa en los juegos del patio con confianza.',
  },
  'counts-to-ten': {
    name: 'Cuenta hasta diez',
    description: 'Cuenta en voz alta hasta diez y cuenta hasta cinco objetos, tocando cada uno una sola vez.',
  },
  'takes-turns': {
    name: 'Respeta los turnos',
    description: 'Espera su turno en un juego sencillo y comparte los materiales con un amigo con recordatorios amables.',
  },
  'tells-a-simple-story': {
    name: 'Cuenta una historia sencilla',
    description: 'Habla con frases de cuatro palabras o más y vuelve a contar partes de un cuento conocido.',
  },
  'washes-hands-independently': {
    name: 'Se lava las manos solo',
    description: 'Se lava y se seca las manos sin ayuda antes de comer y después de ir al baño.',
  },
  // 4-5 años
  'hops-on-one-foot': {
    name: 'Salta en un pie',
    description: 'Salta en un pie, atrapa una pelota que rebota y usa tijeras para cortar siguiendo una línea.',
  },
  'writes-first-name': {
    name: 'Escribe su nombre',
    description: 'Escribe algunas letras de su nombre y lo reconoce escrito.',
  },
  'rhymes-and-sounds': {
    name: 'Rimas y sonidos',
    description: 'Reconoce palabras que riman y dice el primer sonido de palabras conocidas.',
  },
  'names-feelings': {
    name: 'Nombra los sentimientos',
    description: 'Nombra sus sentimientos y los de los demás y usa palabras para resolver pequeños conflictos.',
  },
  'dresses-independently': {
    name: 'Se viste solo',
    description: 'Se pone el abrigo y los zapatos, y maneja cierres y botones grandes sin ayuda.',
  },
};

/** A milestone's name and description in `language`: the centre's own Spanish where it has one, else as stored. */
export function milestoneIn<T extends { key: string | null; name: string; description?: string | null }>(
  language: 'en' | 'es',
  milestone: T,
): T {
  if (language !== 'es' || milestone.key === null) return milestone;
  const es = Object.hasOwn(MILESTONES_ES, milestone.key) ? MILESTONES_ES[milestone.key] : undefined;
  return es ? { ...milestone, name: es.name, ...(milestone.description !== undefined ? { description: es.description } : {}) } : milestone;
}
