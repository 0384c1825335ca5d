ALTER TABLE `pictures` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `pictures` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `pictures` ADD `variants` text;