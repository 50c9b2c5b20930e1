/* web_main.c: main() of a chapter program built for the web.
 *
 * On the web a chapter's main() is compiled as sa_program_main() (the build
 * renames it: sa_web_program in cmake/Project.cmake), and this main() calls
 * it. The reason is the exit status. The chapter's frame loop gives control
 * back to the browser at every frame (ASYNCIFY, common/app.c), so by the time
 * the chapter's main() returns, the browser's call to main() has long
 * returned; emscripten 3.1.6 then drops the status. Here the status is told
 * to the page after the chapter's main() has really returned
 * (Module.onExit, book/web/panel.js): 0, 1 after an error line, 2 after a
 * bad command line, as natively. Not through exit(): on the web it throws
 * to stop the caller, and here the caller is the browser's frame callback,
 * where that shows as an uncaught error on the console.
 */
#include <emscripten.h>
#include <stdio.h>

int sa_program_main(int argc, char **argv);

EM_JS(void, web_tell_exit_status, (int status), {
    if (Module.onExit)
        Module.onExit(status);
})

int main(int argc, char **argv)
{
    int status = sa_program_main(argc, argv);
    fflush(stdout); /* the page shows a line when its newline comes */
    fflush(stderr);
    web_tell_exit_status(status);
    return status;
}
