ALTER TABLE `authorized_pickups` ADD `note` text;--> statement-breakpoint
ALTER TABLE `authorized_pickups` ADD `added_by_kind` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE `authorized_pickups` ADD `added_by_id` text;--> statement-breakpoint
ALTER TABLE `authorized_pickups` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `authorized_pickups` ADD `updated_by_name` text;--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `photo_consent_date` text;--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `photo_consent_given_by` text;--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `photo_consent_recorded_by_id` text;--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `photo_consent_recorded_by_name` text;--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `photo_consent_recorded_at` integer;--> statement-breakpoint
-- Pickups parents added before this migration: the audit log's create row names a parent account as its actor.
UPDATE `authorized_pickups` SET `added_by_kind` = 'parent', `added_by_id` = (SELECT a.`actor_id` FROM `audit_log` a WHERE a.`entity` = 'pickup' AND a.`action` = 'create' AND a.`entity_id` = `authorized_pickups`.`id` LIMIT 1) WHERE EXISTS (SELECT 1 FROM `audit_log` a JOIN `parent_users` p ON p.`id` = a.`actor_id` WHERE a.`entity` = 'pickup' AND a.`action` = 'create' AND a.`entity_id` = `authorized_pickups`.`id`);
