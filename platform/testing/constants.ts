/** The migrated database every test file clones (CREATE DATABASE ... TEMPLATE is a file copy). */
export const TEMPLATE_DATABASE = 'directory_template';
