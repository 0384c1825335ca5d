CREATE TABLE `message_digests` (
	`parent_id` text NOT NULL,
	`day` text NOT NULL,
	`message_count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_digests_parent_day_idx` ON `message_digests` (`parent_id`,`day`);