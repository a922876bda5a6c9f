/* File-name helpers shared by the tool's writers (npy.c, plot.c). */
#ifndef TXF_TOOL_PATH_H
#define TXF_TOOL_PATH_H

/* The directory part of path: "." for a bare name, "/" for a name in the
 * root (a leading "//" too); malloc'd, NULL when out of memory. */
char *path_dir_of(const char *path);

#endif
