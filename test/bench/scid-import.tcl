# Scid's import alone, timed as ../shared/bench/bench-scid.tcl times it (its
# step 1: create a database, sc_base import the PGN file, close), for
# test/bench/chessdb.py to time Scid's import and ours in turn.
#
#   tkscid scid-import.tcl <pgn-file> <db-basename>
#
# Prints the harness's "RESULT import ..." line.
proc ::progressCallBack {done {msg ""}} { return -code break }

set pgn    [lindex $argv 0]
set dbname [lindex $argv 1]
foreach ext {.si4 .sg4 .sn4 .stc} { file delete -force $dbname$ext }
set t0 [clock microseconds]
set base [sc_base create SCID4 $dbname]
set res [sc_base import $base $pgn]
sc_base close $base
set t1 [clock microseconds]
set ngames [lindex $res 0]
puts "RESULT import games=$ngames total_ms=[format %.1f [expr {($t1 - $t0) / 1000.0}]] games_per_s=[format %.0f [expr {$ngames / (($t1 - $t0) / 1e6)}]]"
foreach ext {.si4 .sg4 .sn4 .stc} { file delete -force $dbname$ext }
