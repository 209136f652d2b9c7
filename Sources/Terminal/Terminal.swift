/// The terminal front end (issue 5).
import CNcurses
