CREATE TABLE `child_photo_tags` (
	`photo_id` text NOT NULL,
	`child_id` text NOT NULL,
	`taken_at` integer NOT NULL,
	`date` text NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `child_photos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `child_photo_tags_uq` ON `child_photo_tags` (`photo_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `child_photo_tags_child_idx` ON `child_photo_tags` (`child_id`,`taken_at`,`photo_id`);--> statement-breakpoint
CREATE INDEX `child_photo_tags_child_day_idx` ON `child_photo_tags` (`child_id`,`date`,`taken_at`);--> statement-breakpoint
CREATE TABLE `child_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`stored_name` text NOT NULL,
	`original_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`caption` text,
	`taken_at` integer NOT NULL,
	`date` text NOT NULL,
	`author_id` text,
	`author_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `child_photos_stored_name_unique` ON `child_photos` (`stored_name`);--> statement-breakpoint
CREATE INDEX `child_photos_date_idx` ON `child_photos` (`date`,`taken_at`);--> statement-breakpoint
CREATE TABLE `daily_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	`date` text NOT NULL,
	`details` text NOT NULL,
	`author_id` text,
	`author_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `daily_entries_child_day_idx` ON `daily_entries` (`child_id`,`date`,`at`);--> statement-breakpoint
CREATE TABLE `daily_summaries` (
	`child_id` text NOT NULL,
	`date` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `enrolled_children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_summaries_child_day_uq` ON `daily_summaries` (`child_id`,`date`);