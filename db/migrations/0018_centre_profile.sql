CREATE TABLE `centre_profile` (
	`id` integer PRIMARY KEY NOT NULL,
	`profile` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
