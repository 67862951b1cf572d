// Module sources live in this folder.
