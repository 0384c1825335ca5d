ALTER TABLE `milestones` ADD `key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `milestones_key_unique` ON `milestones` (`key`);--> statement-breakpoint
-- The seeded milestones get the keys the seed (db/milestones.ts) gives them, found by the names they were seeded with.
UPDATE `milestones` SET `key` = CASE `name`
  WHEN 'Holds Head Steady' THEN 'holds-head-steady'
  WHEN 'First Social Smile' THEN 'first-social-smile'
  WHEN 'Coos and Babbles' THEN 'coos-and-babbles'
  WHEN 'Tracks Moving Objects' THEN 'tracks-moving-objects'
  WHEN 'Brings Hands to Mouth' THEN 'brings-hands-to-mouth'
  WHEN 'Sits Without Support' THEN 'sits-without-support'
  WHEN 'Pulls to Stand' THEN 'pulls-to-stand'
  WHEN 'Object Permanence' THEN 'object-permanence'
  WHEN 'Waves Bye-Bye' THEN 'waves-bye-bye'
  WHEN 'First Words' THEN 'first-words'
  WHEN 'Finger Feeds' THEN 'finger-feeds'
  WHEN 'Walks Independently' THEN 'walks-independently'
  WHEN 'Stacks Blocks' THEN 'stacks-blocks'
  WHEN 'Two-Word Phrases' THEN 'two-word-phrases'
  WHEN 'Parallel Play' THEN 'parallel-play'
  WHEN 'Drinks From an Open Cup' THEN 'drinks-from-an-open-cup'
  WHEN 'Pedals a Tricycle' THEN 'pedals-a-tricycle'
  WHEN 'Counts to Ten' THEN 'counts-to-ten'
  WHEN 'Takes Turns' THEN 'takes-turns'
  WHEN 'Tells a Simple Story' THEN 'tells-a-simple-story'
  WHEN 'Washes Hands Independently' THEN 'washes-hands-independently'
  WHEN 'Hops on One Foot' THEN 'hops-on-one-foot'
  WHEN 'Writes First Name' THEN 'writes-first-name'
  WHEN 'Rhymes and Sounds' THEN 'rhymes-and-sounds'
  WHEN 'Names Feelings' THEN 'names-feelings'
  WHEN 'Dresses Independently' THEN 'dresses-independently'
END
WHERE `key` IS NULL AND `name` IN ('Holds Head Steady', 'First Social Smile', 'Coos and Babbles', 'Tracks Moving Objects', 'Brings Hands to Mouth', 'Sits Without Support', 'Pulls to Stand', 'Object Permanence', 'Waves Bye-Bye', 'First Words', 'Finger Feeds', 'Walks Independently', 'Stacks Blocks', 'Two-Word Phrases', 'Parallel Play', 'Drinks From an Open Cup', 'Pedals a Tricycle', 'Counts to Ten', 'Takes Turns', 'Tells a Simple Story', 'Washes Hands Independently', 'Hops on One Foot', 'Writes First Name', 'Rhymes and Sounds', 'Names Feelings', 'Dresses Independently');
