/*
 * CLibEdit: libedit (BSD editline: line editing, history, completion) for navctl's shell,
 * plus wrappers for what Swift cannot call: el_set, el_get and history are variadic. Every
 * helper is a prefixed static inline function with one line saying why it exists.
 */
#ifndef NAVCTL_CLIBEDIT_SHIM_H
#define NAVCTL_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>

/* The standard streams, which Swift 6 sees as shared mutable globals, for el_init. */
static inline FILE *navctl_stdin(void) { return stdin; }
static inline FILE *navctl_stdout(void) { return stdout; }
static inline FILE *navctl_stderr(void) { return stderr; }

/* EL_PROMPT: the function libedit calls for the prompt before each line. */
static inline int navctl_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
    return el_set(el, EL_PROMPT, prompt);
}

/* EL_EDITOR: "emacs" or "vi" key bindings. */
static inline int navctl_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/* EL_SIGNAL: libedit restores the terminal around signals and follows window resizes. */
static inline int navctl_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/* EL_CLIENTDATA: the Swift object behind this EditLine, for the C callbacks. */
static inline int navctl_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

/* EL_CLIENTDATA, read back inside a callback. */
static inline void *navctl_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/* EL_ADDFN: a named editor function (tab completion). */
static inline int navctl_el_add_function(EditLine *el, const char *name, const char *help,
                                         unsigned char (*function)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/* EL_BIND: binds a key sequence to an editor function (the list ends with NULL). */
static inline int navctl_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/* EL_HIST: Up/Down walk this history. */
static inline int navctl_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/* H_SETSIZE: how many entries the history keeps. */
static inline int navctl_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

/* H_SETUNIQUE: a line equal to the previous one is not entered twice. */
static inline int navctl_history_set_unique(History *h, int on) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, on);
}

/* H_ENTER: adds a line. */
static inline int navctl_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

/* H_LOAD: reads a history file written by H_SAVE. */
static inline int navctl_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

/* H_SAVE: writes the history to a file. */
static inline int navctl_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
