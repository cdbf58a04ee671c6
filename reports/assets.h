/* SPDX-License-Identifier: MIT */
/*
 * The HTML report's style sheet and script, from reports/assets/report.css and report.js,
 * embedded at build time by reports/assets/embed (reports/assets.c is generated).
 */
#ifndef FA_REPORTS_ASSETS_H
#define FA_REPORTS_ASSETS_H

/* The text of each file, NUL-terminated. */
extern const char fa_html_css[];
extern const char fa_html_script[];
/* "sha256-BASE64" of fa_html_script: the source the Content-Security-Policy allows. */
extern const char fa_html_script_csp[];

#endif /* FA_REPORTS_ASSETS_H */
