# Scid's opening tree for each benchmark position, timed to the microsecond.
#
#   tkscid test/bench/scid-tree.tcl <db-basename> <positions-file> [repeats]
#
# ../shared/bench/bench-scid.tcl times the same two commands (the tree's
# search of the position, then its statistics of the moves) but prints
# tenths of a millisecond: the rare position and the one no game reaches
# both read 0.1 ms at 100,000 games, which says nothing of which side is
# faster when ours is 0.06-0.11 ms.  This opens the base that harness made
# (the tree's cache off, as there) and prints, per position, the best of
# each command over the repeats and their sum (the harness's tree_total),
# and the best of the two timed together, in milliseconds to three places:
#   SCIDTREE label=... games=... search_ms=... stats_ms=... tree_total_ms=... together_ms=...
proc ::progressCallBack {done {msg ""}} { return -code break }
proc now {} { return [clock microseconds] }
proc ms {us} { return [format "%.3f" [expr {$us / 1000.0}]] }

set dbname  [lindex $argv 0]
set posfile [lindex $argv 1]
set repeats [expr {[llength $argv] > 2 ? [lindex $argv 2] : 20}]

set base [sc_base open SCID4 $dbname]
sc_base switch $base
sc_tree cachesize $base 0

set fh [open $posfile r]
while {[gets $fh line] >= 0} {
    if {$line eq "" || [string index $line 0] eq "#"} continue
    lassign [split $line |] label fen
    sc_game new
    sc_game startBoard $fen
    set search 1e18; set stats 1e18; set together 1e18
    for {set r 0} {$r < $repeats} {incr r} {
        set t0 [now]
        sc_filter search $base tree board dbfilter
        set t1 [now]
        sc_filter treestats $base tree
        set t2 [now]
        if {$t1 - $t0 < $search} { set search [expr {$t1 - $t0}] }
        if {$t2 - $t1 < $stats} { set stats [expr {$t2 - $t1}] }
        if {$t2 - $t0 < $together} { set together [expr {$t2 - $t0}] }
    }
    puts "SCIDTREE label=$label games=[sc_filter count $base tree] search_ms=[ms $search] stats_ms=[ms $stats] tree_total_ms=[ms [expr {$search + $stats}]] together_ms=[ms $together]"
}
close $fh
sc_base close $base
exit 0
