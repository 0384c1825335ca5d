/**
 * The centre's milestones (db/milestones.ts) in Spanish, by their English name: what a Spanish page and the
 * Spanish portal show in place of the English name and description. Written for the families who read them, in
 * the plain Spanish of a Columbus centre's notes home. tests/unit/i18n-catalogues.test.ts checks that every
 * milestone has its Spanish and that nothing here names a milestone that is gone.
 */
export const MILESTONES_ES: Readonly<Record<string, { name: string; description: string }>> = {
  // 0-6 meses
  'Holds Head Steady': {
    name: 'Sostiene la cabeza',
    description: 'Sostiene la cabeza firme sin apoyo cuando se le carga derecho y se apoya en los antebrazos boca abajo.',
  },
  'First Social Smile': {
    name: 'Primera sonrisa social',
    description: 'Sonríe al ver la cara y oír la voz de quien lo cuida: el comienzo de una relación de cariño.',
  },
  'Coos and Babbles': {
    name: 'Hace gorgoritos y balbucea',
    description: 'Hace gorgoritos, se voltea hacia las voces y se turna para «conversar» con un adulto.',
  },
  'Tracks Moving Objects': {
    name: 'Sigue objetos con la mirada',
    description: 'Sigue con los ojos un juguete o una cara que se mueve de lado a lado y estira la mano hacia lo que le interesa.',
  },
  'Brings Hands to Mouth': {
    name: 'Se lleva las manos a la boca',
    description: 'Se lleva las manos a la boca para calmarse y se tranquiliza cuando lo cargan o le hablan.',
  },
  // 6-12 meses
  'Sits Without Support': {
    name: 'Se sienta sin apoyo',
    description: 'Se sienta firme sin ayuda, con las dos manos libres para explorar y pasar juguetes de una mano a otra.',
  },
  'Pulls to Stand': {
    name: 'Se para agarrándose',
    description: 'Se levanta agarrándose de los muebles y da unos pasos de lado sin soltarse.',
  },
  'Object Permanence': {
    name: 'Sabe que las cosas siguen ahí',
    description: 'Busca un juguete escondido bajo una manta: entiende que las cosas existen aunque no las vea.',
  },
  'Waves Bye-Bye': {
    name: 'Dice adiós con la mano',
    description: 'Dice adiós con la mano y juega a juegos de ida y vuelta como el cucú o las palmitas.',
  },
  'First Words': {
    name: 'Primeras palabras',
    description: 'Dice «mamá» o «papá» sabiendo a quién nombra y responde a su propio nombre.',
  },
  'Finger Feeds': {
    name: 'Come con los dedos',
    description: 'Toma trocitos de comida con el pulgar y el índice y come por sí mismo.',
  },
  // 1-2 años
  'Walks Independently': {
    name: 'Camina solo',
    description: 'Cruza la sala caminando sin agarrarse y empieza a subirse a muebles bajos.',
  },
  'Stacks Blocks': {
    name: 'Apila bloques',
    description: 'Apila de dos a cuatro bloques y mete figuras sencillas en un clasificador de formas.',
  },
  'Two-Word Phrases': {
    name: 'Frases de dos palabras',
    description: 'Junta dos palabras, como «más leche», y señala los dibujos de un libro cuando se los nombran.',
  },
  'Parallel Play': {
    name: 'Juega al lado de otros',
    description: 'Juega junto a otros niños, mirando e imitando lo que hacen.',
  },
  'Drinks From an Open Cup': {
    name: 'Bebe de un vaso abierto',
    description: 'Bebe de un vaso abierto derramando poco e intenta usar la cuchara.',
  },
  // 3-4 años
  'Pedals a Tricycle': {
    name: 'Pedalea un triciclo',
    description: 'Pedalea un triciclo, corre con soltura y trepa en los juegos del patio con confianza.',
  },
  'Counts to Ten': {
    name: 'Cuenta hasta diez',
    description: 'Cuenta en voz alta hasta diez y cuenta hasta cinco objetos, tocando cada uno una sola vez.',
  },
  'Takes Turns': {
    name: 'Respeta los turnos',
    description: 'Espera su turno en un juego sencillo y comparte los materiales con un amigo con recordatorios amables.',
  },
  'Tells a Simple Story': {
    name: 'Cuenta una historia sencilla',
    description: 'Habla con frases de cuatro palabras o más y vuelve a contar partes de un cuento conocido.',
  },
  'Washes Hands Independently': {
    name: 'Se lava las manos solo',
    description: 'Se lava y se seca las manos sin ayuda antes de comer y después de ir al baño.',
  },
  // 4-5 años
  'Hops on One Foot': {
    name: 'Salta en un pie',
    description: 'Salta en un pie, atrapa una pelota que rebota y usa tijeras para cortar siguiendo una línea.',
  },
  'Writes First Name': {
    name: 'Escribe su nombre',
    description: 'Escribe algunas letras de su nombre y lo reconoce escrito.',
  },
  'Rhymes and Sounds': {
    name: 'Rimas y sonidos',
    description: 'Reconoce palabras que riman y dice el primer sonido de palabras conocidas.',
  },
  'Names Feelings': {
    name: 'Nombra los sentimientos',
    description: 'Nombra sus sentimientos y los de los demás y usa palabras para resolver pequeños conflictos.',
  },
  'Dresses Independently': {
    name: 'Se viste solo',
    description: 'Se pone el abrigo y los zapatos, y maneja cierres y botones grandes sin ayuda.',
  },
};

/** A milestone's name and description in `language`: the centre's own Spanish where it has one, else as stored. */
export function milestoneIn<T extends { name: string; description?: string | null }>(language: 'en' | 'es', milestone: T): T {
  if (language !== 'es') return milestone;
  const es = MILESTONES_ES[milestone.name];
  return es ? { ...milestone, name: es.name, ...(milestone.description !== undefined ? { description: es.description } : {}) } : milestone;
}
