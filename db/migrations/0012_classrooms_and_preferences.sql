CREATE TABLE `classrooms` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`age_group` text NOT NULL,
	`capacity` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `parent_preferences` (
	`parent_id` text PRIMARY KEY NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`message_emails` text DEFAULT 'each' NOT NULL,
	`daily_summary` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `classroom_id` text REFERENCES classrooms(id);--> statement-breakpoint
ALTER TABLE `enrolled_children` ADD `photo_consent` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `enrolled_children_classroom_idx` ON `enrolled_children` (`classroom_id`);