/*
 * CNcurses: ncursesw (navview paints its lines with it) and the two Linux headers its event
 * loop needs, plus the few helpers Swift cannot express directly. Every helper is a
 * prefixed static inline function with one line saying why it exists; nothing else lives here.
 */
#ifndef NAVVIEW_CNCURSES_SHIM_H
#define NAVVIEW_CNCURSES_SHIM_H

/* The wide-character API (get_wch, UTF-8 aware waddnstr) is declared only under this macro. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <wchar.h>

/* A_BOLD, A_REVERSE, … and COLOR_PAIR are macros over bit shifts: one attribute word from flags. */
static inline attr_t navview_attributes(int bold, int dim, int reverse, short pair) {
    attr_t attributes = A_NORMAL;
    if (bold) attributes |= A_BOLD;
    if (dim) attributes |= A_DIM;
    if (reverse) attributes |= A_REVERSE;
    if (pair > 0) attributes |= (attr_t)COLOR_PAIR(pair);
    return attributes;
}

/* stdscr may be a macro (reentrant builds) or a C global Swift 6 calls unsafe: these name it once. */
static inline void navview_set_attributes(attr_t attributes) { wattrset(stdscr, (int)attributes); }
static inline int navview_add(const char *utf8, int bytes) { return waddnstr(stdscr, utf8, bytes); }
static inline int navview_move(int row, int column) { return wmove(stdscr, row, column); }
static inline int navview_clear_to_end_of_line(void) { return wclrtoeol(stdscr); }
static inline int navview_erase(void) { return werase(stdscr); }
static inline int navview_refresh(void) { return wrefresh(stdscr); }
static inline int navview_keypad(int on) { return keypad(stdscr, on ? TRUE : FALSE); }
static inline int navview_nodelay(int on) { return nodelay(stdscr, on ? TRUE : FALSE); }
static inline int navview_get_wch(wint_t *character) { return wget_wch(stdscr, character); }

/* getmaxyx is a macro that assigns to its arguments. */
static inline void navview_size(int *rows, int *columns) {
    int r, c;
    getmaxyx(stdscr, r, c);
    *rows = r;
    *columns = c;
}

/* The terminal's size from the kernel (TIOCGWINSZ), for resizeterm after SIGWINCH; 0 or -1. */
static inline int navview_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

#endif
