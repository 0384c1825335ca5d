CREATE TABLE `parent_password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parent_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parent_password_resets_token_hash_unique` ON `parent_password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `parent_password_resets_parent_idx` ON `parent_password_resets` (`parent_id`);--> statement-breakpoint
ALTER TABLE `child_achievements` ADD `share_publicly` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `child_achievements_child_idx` ON `child_achievements` (`child_id`);