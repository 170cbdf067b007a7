//! Paraphrase families per applet. A family is a handful of phrasings close
//! enough that a model seeing one has seen the others ("show me {1}", "show
//! {1}"), so a family goes whole into one split. `{1}` and `{2}` are the
//! applet's first and second slots; an optional slot a family does not
//! mention is left out of the command.
//!
//! An applet without families here still gets a corpus: its declared
//! examples become families (see `lib.rs`), so a new applet flows in.

pub struct Families {
    pub applet: &'static str,
    /// Each entry is one family; variants are separated by `|`.
    pub families: &'static [&'static str],
}

pub static FAMILIES: &[Families] = &[
    Families { applet: "help", families: &[
        "help|help me|i need help|give me some help",
        "what commands are there|what commands do you have|which commands exist",
        "what can you do|what can i do here|what can this thing do",
        "list all commands|list the commands|show all commands|show me the commands",
        "how do i use {1}|how does {1} work|how do i run {1}",
        "help with {1}|help on {1}|get help for {1}",
        "what does {1} do|what is the {1} command|explain {1}|explain the {1} command",
        "show the usage of {1}|usage for {1}|what are the arguments of {1}",
        "what are my options|what options do i have|show me what's available",
        "i'm lost|i'm stuck|i don't know what to type",
    ]},
    Families { applet: "clear", families: &[
        "clear the screen|clear screen|clear the display",
        "wipe the terminal|wipe the screen|wipe everything off the screen",
        "clean up the screen|clean the terminal|tidy the screen",
        "erase the screen|erase all the text|erase the console",
        "blank the screen|make the screen empty|empty the display",
        "get rid of all this text|remove everything on screen|remove the clutter",
        "reset the terminal|reset the console|reset the display",
        "start with a fresh screen|fresh screen please|give me a clean slate",
        "cls|clear|clr",
        "scroll everything away|too much text on screen|the screen is a mess",
    ]},
    Families { applet: "echo", families: &[
        "say {1}|say the words {1}",
        "print {1}|print the text {1}|print out {1}",
        "echo {1}|echo back {1}|repeat {1}",
        "display the message {1}|display {1} on screen|show the message {1}",
        "write {1} on the screen|write {1} to the console|type out {1}",
        "output {1}|output the text {1}",
        "can you repeat after me {1}|repeat after me {1}|say back {1}",
        "show the text {1}|put {1} on the screen",
        "tell me {1}|just say {1}",
        "print a line saying {1}|print a message that says {1}",
    ]},
    Families { applet: "history", families: &[
        "history|show history|show the history",
        "what did i type before|what have i typed|what did i type earlier",
        "show my previous commands|show previous commands|list previous commands",
        "list the commands i ran|which commands did i run|what commands did i run",
        "show the command history|display the command history|print the command history",
        "what was my last command|what did i just run|what was the last thing i typed",
        "recall my commands|recall what i entered|remind me what i entered",
        "past commands|old commands|earlier commands",
        "show the shell history|view the shell history|open the history",
        "everything i've entered so far|all commands so far|list everything i typed",
    ]},
    Families { applet: "mem", families: &[
        "how much memory is free|how much memory is left|how much free memory",
        "show memory usage|show the memory usage|display memory usage",
        "how much ram do i have|how much ram is there|how much ram is installed",
        "memory stats|memory statistics|mem stats",
        "is memory running low|am i running out of memory|are we low on memory",
        "show ram usage|ram usage|check ram",
        "how much memory is used|how much memory is in use|memory in use",
        "what's the heap size|how big is the heap|show the heap",
        "check the memory|check memory|look at memory",
        "total memory|how much memory in total|total ram",
    ]},
    Families { applet: "cpu", families: &[
        "what cpu is this|which cpu is this|what cpu do i have",
        "does the processor have avx2|does this cpu support avx2|is avx2 available",
        "show the processor|show processor info|processor information",
        "what processor is in this machine|which processor does this machine use|what's the processor",
        "cpu info|cpu details|cpu information",
        "who made the cpu|what is the cpu vendor|cpu vendor and model",
        "list the cpu features|what features does the cpu have|which instruction sets are supported",
        "is fma supported|does it support fma|do we have sse2",
        "tell me about the chip|what chip is this|what chip am i running on",
        "show the cpu model|cpu model name|which cpu model",
    ]},
    Families { applet: "uptime", families: &[
        "how long has it been up|how long has the machine been up|how long have we been up",
        "time since boot|time since startup|time since the last boot",
        "uptime|show uptime|show the uptime",
        "how long has this been running|how long has the system been running|how long is it running",
        "when did it boot|when was the last boot|when did the machine start",
        "how long since i turned it on|how long since power on|how long since i started it",
        "how many minutes since boot|seconds since boot|hours since boot",
        "system uptime|machine uptime|kernel uptime",
        "has it been running long|was it restarted recently|did it reboot recently",
        "running time|total running time|elapsed time since start",
    ]},
    Families { applet: "date", families: &[
        "what time is it|what's the time|tell me the time",
        "what's today's date|what is the date today|what day is it",
        "show the date|show the date and time|display the date",
        "date|date and time|time and date",
        "what does the clock say|read the clock|check the clock",
        "current time|current date|the current date and time",
        "what year is it|which month is it|what is the year",
        "show the rtc time|read the real time clock|cmos time",
        "is it morning or evening|is it late|how late is it",
        "give me a timestamp|timestamp please|now",
    ]},
    Families { applet: "lspci", families: &[
        "list the pci devices|list pci devices|show pci devices",
        "what hardware is attached|what hardware is there|what hardware do i have",
        "lspci|pci list|pci devices",
        "show the devices on the bus|list the devices on the pci bus|enumerate the pci bus",
        "is there a network card|do i have a network card|is there an ethernet controller",
        "what's plugged in|what is connected|what devices are connected",
        "which graphics card is this|what gpu is there|what video card do i have",
        "show vendor and device ids|list device ids|pci ids",
        "is there an nvme controller on the bus|find the storage controller|which storage controllers are there",
        "scan the hardware|scan for devices|probe the devices",
    ]},
    Families { applet: "log", families: &[
        "show the kernel log|show kernel log|display the kernel log",
        "any boot messages|show boot messages|print boot messages",
        "log|show log|show the log",
        "what did the kernel say|what did the kernel print|kernel messages",
        "dmesg|show dmesg|kernel ring buffer",
        "were there any errors|any errors during boot|did anything go wrong",
        "show the system log|system log|the system messages",
        "read the log buffer|print the log buffer|dump the log",
        "show recent log entries|latest log entries|recent kernel messages",
        "what happened at startup|what happened during boot|diagnostic messages",
        "show the last {1} lines of the log|last {1} log lines|the last {1} lines of the kernel log",
        "show {1} log messages|print {1} lines of the log|give me {1} log entries",
        "tail the log {1} lines|log tail {1}|only the newest {1} log lines",
        "the {1} most recent kernel messages|{1} latest kernel messages|the latest {1} messages",
    ]},
    Families { applet: "reboot", families: &[
        "restart the computer|restart the machine|restart the system",
        "reboot now|reboot|reboot the machine",
        "reset the computer|reset the machine|hard reset",
        "start over from boot|boot again|boot it again",
        "restart|restart please|restart now",
        "do a reboot|perform a restart|initiate a reboot",
        "turn it off and on again|power cycle the machine|cycle the power",
        "reload the kernel|reboot the kernel|restart nosys",
        "i need to restart|let's restart|time to reboot",
        "warm reboot|soft reset|quick restart",
    ]},
    Families { applet: "shutdown", families: &[
        "turn the computer off|turn off the computer|turn the machine off",
        "power off|power down|power off now",
        "shut down|shutdown|shut it down",
        "switch off the machine|switch it off|switch off",
        "halt the system|halt|halt the machine",
        "i'm done, turn it off|i'm finished, power down|we're done here, shut down",
        "kill the power|cut the power|stop the machine",
        "shut the system down|bring the system down|take the system down",
        "goodnight, power off|time to sleep, shut down|end the session and power off",
        "turn off|off|power it off",
    ]},
    Families { applet: "ls", families: &[
        "what files are there|what files do i have|which files are there",
        "list files|list the files|list all files",
        "ls|dir|show files",
        "list {1}|list the contents of {1}|list what's in {1}",
        "what's in {1}|what is in {1}|what's inside {1}",
        "show me {1}|show the contents of {1}|show files in {1}",
        "open the folder {1}|browse {1}|look inside {1}",
        "ls {1}|dir {1}",
        "which files are in {1}|what files are in {1}|files in {1}",
        "show the directory listing|directory listing|show me the directory",
        "what's on the disk|what's on the drive|what's stored here",
        "what does {1} contain|contents of {1}|enumerate {1}",
    ]},
    Families { applet: "cat", families: &[
        "show me {1}|show {1}|show the file {1}",
        "print {1}|print out {1}|print the contents of {1}",
        "what's in {1}|what is in {1}|what does {1} say",
        "read {1}|read me {1}|read out {1}",
        "open {1}|open up {1}|open the file {1}",
        "cat {1}|type {1}|more {1}",
        "display {1}|display the contents of {1}|display the text of {1}",
        "let me see {1}|let me read {1}|can i see {1}",
        "view {1}|view the file {1}|view the text in {1}",
        "dump the text of {1}|output {1}|output the contents of {1}",
        "what did i write in {1}|what's written in {1}|what's written inside {1}",
        "give me the contents of {1}|give me {1}|fetch {1}",
    ]},
    Families { applet: "hexdump", families: &[
        "hex dump {1}|hexdump {1}|hex dump of {1}",
        "show the raw bytes of {1}|show raw bytes of {1}|raw bytes of {1}",
        "show {1} in hex|display {1} in hex|print {1} in hex",
        "what bytes are in {1}|which bytes does {1} hold|the bytes of {1}",
        "dump {1} as hex|dump the bytes of {1}|binary dump of {1}",
        "hex view of {1}|view {1} as hex|hex viewer on {1}",
        "inspect the binary {1}|inspect {1} byte by byte|examine the bytes in {1}",
        "xxd {1}|od {1}|hd {1}",
        "show the hex of {1}|hex of {1}|hexadecimal dump of {1}",
        "look at {1} in hexadecimal|see {1} in hexadecimal|{1} in hexadecimal",
        "hexdump the first {2} bytes of {1}|hex dump the first {2} bytes of {1}|first {2} bytes of {1} in hex",
        "show {2} bytes of {1} in hex|dump {2} bytes of {1}|just {2} bytes of {1} as hex",
    ]},
    Families { applet: "df", families: &[
        "how much disk space is left|how much space is left|how much room is left on the disk",
        "is the disk full|is the drive full|is the volume full",
        "df|disk free|free space",
        "show free space|show the free space|display free space",
        "how big is the volume|volume size|size of the data volume",
        "how much storage is used|storage used|used space",
        "check disk usage|disk usage|show disk usage",
        "do i have room for more files|can i store more files|is there room left",
        "space on the volume|space left on the volume|remaining space",
        "how full is the disk|how full is the drive|how much is free",
    ]},
    Families { applet: "disk", families: &[
        "what disk is this|which disk is this|what drive is this",
        "show the nvme drive details|nvme details|show nvme info",
        "disk|disk info|disk information",
        "what's the drive's serial number|serial number of the disk|disk serial",
        "which firmware is on the disk|disk firmware version|firmware of the drive",
        "how big is the disk|disk capacity|capacity of the drive",
        "is the volume writable|is the disk mounted read only|which volume is mounted",
        "what model is the ssd|ssd model|which ssd do i have",
        "describe the storage device|tell me about the disk|storage device details",
        "lba size of the disk|block size of the drive|what's the sector size",
        "list the namespaces|nvme namespaces|how many namespaces",
    ]},
    Families { applet: "write", families: &[
        "write {2} to {1}|write {2} into {1}|write {2} in {1}",
        "save {2} in {1}|save {2} to {1}|save the text {2} to {1}",
        "put {2} in {1}|put {2} into {1}|put the words {2} in {1}",
        "replace {1} with {2}|replace the contents of {1} with {2}|overwrite {1} with {2}",
        "make {1} say {2}|set {1} to {2}|change {1} to {2}",
        "create {1} containing {2}|create {1} with {2}|create a file {1} with the text {2}",
        "store {2} in {1}|store the text {2} in {1}|record {2} in {1}",
        "write to {1}: {2}|in {1} write {2}|into {1} write {2}",
        "new file {1} with {2}|new file {1} containing {2}|make a file {1} that says {2}",
        "fill {1} with {2}|let {1} contain {2}|{1} should say {2}",
        "write {1} {2}|write the file {1} {2}",
    ]},
    Families { applet: "append", families: &[
        "add {2} to {1}|add {2} to the end of {1}|add the line {2} to {1}",
        "append {2} to {1}|append {2} onto {1}|append the text {2} to {1}",
        "add {2} to the bottom of {1}|put {2} at the end of {1}|stick {2} at the end of {1}",
        "note down {2} in {1}|jot {2} down in {1}|jot down {2} in {1}",
        "also put {2} in {1}|also add {2} to {1}|and add {2} to {1} too",
        "tack {2} onto {1}|attach {2} to {1}|glue {2} onto {1}",
        "extend {1} with {2}|extend {1} by {2}|grow {1} with {2}",
        "remember {2} in {1}|log {2} in {1}|record {2} at the end of {1}",
        "in {1} add {2}|to {1} append {2}|on {1} add a line {2}",
        "append {1} {2}|append to {1} {2}",
        "keep {1} and add {2}|without erasing {1} add {2}|don't overwrite {1}, add {2}",
    ]},
    Families { applet: "rm", families: &[
        "delete {1}|delete the file {1}|delete file {1}",
        "remove {1}|remove the file {1}|remove file {1}",
        "rm {1}|del {1}|erase {1}",
        "get rid of {1}|get rid of the file {1}|throw away {1}",
        "trash {1}|bin {1}|send {1} to the trash",
        "i don't need {1} anymore|i no longer need {1}|{1} is not needed",
        "wipe {1}|wipe out {1}|destroy {1}",
        "drop {1}|drop the file {1}|kill {1}",
        "make {1} go away|clear out {1}|purge {1}",
        "unlink {1}|remove the entry {1}|delete the entry {1}",
    ]},
    Families { applet: "mkdir", families: &[
        "make a folder called {1}|make a folder named {1}|make a folder {1}",
        "create a directory named {1}|create a directory called {1}|create directory {1}",
        "mkdir {1}|md {1}|new dir {1}",
        "new folder {1}|new folder named {1}|add a folder {1}",
        "make directory {1}|make the directory {1}|make dir {1}",
        "i need a folder for {1}|set up a folder {1}|set up a directory {1}",
        "create {1} as a folder|create {1} as a directory|create the folder {1}",
        "add a new directory {1}|add directory {1}|add a subdirectory {1}",
        "build a folder {1}|open a new folder {1}|start a folder called {1}",
        "can you make a folder {1}|please create folder {1}|could you add the folder {1}",
    ]},
    Families { applet: "cp", families: &[
        "copy {1} to {2}|copy {1} into {2}|copy the file {1} to {2}",
        "duplicate {1} as {2}|duplicate {1} to {2}|make a duplicate of {1} called {2}",
        "cp {1} {2}|copy {1} {2}",
        "make a copy of {1} named {2}|make a copy of {1} called {2}|make a copy of {1} at {2}",
        "back up {1} to {2}|backup {1} as {2}|save a backup of {1} in {2}",
        "clone {1} to {2}|clone {1} as {2}|clone the file {1} into {2}",
        "copy {1} over to {2}|copy {1} across to {2}|put a copy of {1} in {2}",
        "{2} should be a copy of {1}|create {2} as a copy of {1}|create {2} from {1}",
        "take {1} and copy it to {2}|take a copy of {1} to {2}|grab {1} and copy it to {2}",
        "replicate {1} to {2}|mirror {1} to {2}|copy {1} and name it {2}",
    ]},
    Families { applet: "mv", families: &[
        "rename {1} to {2}|rename {1} as {2}|rename the file {1} to {2}",
        "move {1} to {2}|move {1} into {2}|move the file {1} to {2}",
        "mv {1} {2}|move {1} {2}|ren {1} {2}",
        "change the name of {1} to {2}|change {1}'s name to {2}|change the filename {1} to {2}",
        "call {1} {2} instead|{1} should be called {2}|call the file {1} {2} from now on",
        "relocate {1} to {2}|shift {1} to {2}|transfer {1} to {2}",
        "put {1} at {2}|place {1} at {2}|put the file {1} at {2}",
        "give {1} the name {2}|give {1} a new name {2}|name {1} {2}",
        "take {1} and move it to {2}|take {1} and rename it {2}|grab {1} and move it to {2}",
        "from {1} to {2} please, rename|switch the name of {1} to {2}|retitle {1} to {2}",
    ]},
    Families { applet: "route", families: &[
        "how would you handle {1}|what would you do with {1}|how would {1} be handled",
        "explain what you would run for {1}|which command would {1} become|what command does {1} map to",
        "dry run {1}|dry-run the request {1}|simulate {1}",
        "route {1}|show the route for {1}|trace the request {1}",
        "don't run it, just tell me what {1} would do|without running it, what is {1}|what would happen if i said {1}",
    ]},
    Families { applet: "bench", families: &[
        "how fast is the model|how fast is the ai|how quick is the model",
        "benchmark the model|run a benchmark|benchmark inference speed",
        "tokens per second|measure the tokens per second|what's the tokens per second",
        "speed test|run the speed test|do a speed test of the model",
        "how long does the model take per token|what's the decode speed|what's the prefill speed",
    ]},
    Families { applet: "model", families: &[
        "which model is running|what model is loaded|which language model is this",
        "how many parameters does the model have|how big is the model|model size",
        "what neural net are you|what are you running on|what ai is this",
        "describe the language model|tell me about the model|what kind of model are you",
        "model|show the model|current model",
    ]},
];

/// The families declared for `applet`, if any.
pub fn families_of(applet: &str) -> Option<&'static [&'static str]> {
    FAMILIES
        .iter()
        .find(|f| f.applet == applet)
        .map(|f| f.families)
}

/// Natural phrasings the way people type (questions, fragments, typos,
/// indirect or non-native wording), written by hand. They go to training
/// only, on their own random stream, so the dev and held-out families and
/// their pairs stay as they were and dev figures stay comparable.
pub static NATURAL: &[Families] = &[
    Families {
        applet: "help",
        families: &[
            "uh what do i type|commands??|wat can u do",
            "is there a manual for {1}|how to use {1} pls|{1} how does it work?",
        ],
    },
    Families {
        applet: "clear",
        families: &["screen too full, clean it|cleer the screen|can u clear screen"],
    },
    Families {
        applet: "echo",
        families: &["i want you to print {1}|could you print {1} for me|just echo {1} pls"],
    },
    Families {
        applet: "mem",
        families: &["hows the memory|is ram ok?|memroy usage pls"],
    },
    Families {
        applet: "date",
        families: &["whats the time|what day is today?|date pls"],
    },
    Families {
        applet: "uptime",
        families: &["since when is it on|how long running?|uptiem"],
    },
    Families {
        applet: "ls",
        families: &[
            "whats on the disk|which files i have?|files pls",
            "whats inside {1}|what is in folder {1}?|contents of dir {1} pls",
        ],
    },
    Families {
        applet: "cat",
        families: &[
            "can you show me {1}?|shwo {1}|i want to read {1} please",
            "whats in {1} again|{1} contents?|open {1} for me pls",
        ],
    },
    Families {
        applet: "rm",
        families: &[
            "can you delete {1}?|plz remove {1}|deleet {1}",
            "i want {1} gone|{1} not needed, delete it|remove {1} for me",
        ],
    },
    Families {
        applet: "write",
        families: &[
            "make a file {1} saying {2}|can you write {2} into {1}?|create {1} with {2} in it",
        ],
    },
    Families {
        applet: "append",
        families: &["also add {2} to {1}|put {2} at the end of {1} pls|can you add {2} to {1}?"],
    },
    Families {
        applet: "mkdir",
        families: &["i need a folder {1}|new dir {1} pls|can you make folder {1}?"],
    },
    Families {
        applet: "cp",
        families: &["make a copy of {1} as {2}|can you copy {1} to {2}?|dupe {1} into {2}"],
    },
    Families {
        applet: "mv",
        families: &["i want {1} called {2}|can you rename {1} as {2}?|renmae {1} to {2}"],
    },
];

/// The hand-written natural phrasings kept one file per applet
/// (`corpus/natural/<applet>.txt`: one family a line, variants split by `|`,
/// `#` comments), so they are edited as text rather than as Rust.
pub static NATURAL_FILES: &[(&str, &str)] = &[
    ("append", include_str!("../natural/append.txt")),
    ("bench", include_str!("../natural/bench.txt")),
    ("cat", include_str!("../natural/cat.txt")),
    ("clear", include_str!("../natural/clear.txt")),
    ("cp", include_str!("../natural/cp.txt")),
    ("cpu", include_str!("../natural/cpu.txt")),
    ("date", include_str!("../natural/date.txt")),
    ("df", include_str!("../natural/df.txt")),
    ("disk", include_str!("../natural/disk.txt")),
    ("echo", include_str!("../natural/echo.txt")),
    ("help", include_str!("../natural/help.txt")),
    ("hexdump", include_str!("../natural/hexdump.txt")),
    ("history", include_str!("../natural/history.txt")),
    ("log", include_str!("../natural/log.txt")),
    ("ls", include_str!("../natural/ls.txt")),
    ("lspci", include_str!("../natural/lspci.txt")),
    ("mem", include_str!("../natural/mem.txt")),
    ("mkdir", include_str!("../natural/mkdir.txt")),
    ("model", include_str!("../natural/model.txt")),
    ("mv", include_str!("../natural/mv.txt")),
    ("reboot", include_str!("../natural/reboot.txt")),
    ("rm", include_str!("../natural/rm.txt")),
    ("route", include_str!("../natural/route.txt")),
    ("shutdown", include_str!("../natural/shutdown.txt")),
    ("uptime", include_str!("../natural/uptime.txt")),
    ("write", include_str!("../natural/write.txt")),
];

/// More natural phrasings, written later and blind to the first files
/// (`corpus/natural/more/<applet>.txt`, same format): training only, so
/// dev_natural stays the one in eight of the first files' families.
pub static NATURAL_MORE_FILES: &[(&str, &str)] = &[
    ("append", include_str!("../natural/more/append.txt")),
    ("bench", include_str!("../natural/more/bench.txt")),
    ("cat", include_str!("../natural/more/cat.txt")),
    ("clear", include_str!("../natural/more/clear.txt")),
    ("cp", include_str!("../natural/more/cp.txt")),
    ("cpu", include_str!("../natural/more/cpu.txt")),
    ("date", include_str!("../natural/more/date.txt")),
    ("df", include_str!("../natural/more/df.txt")),
    ("disk", include_str!("../natural/more/disk.txt")),
    ("echo", include_str!("../natural/more/echo.txt")),
    ("help", include_str!("../natural/more/help.txt")),
    ("hexdump", include_str!("../natural/more/hexdump.txt")),
    ("history", include_str!("../natural/more/history.txt")),
    ("log", include_str!("../natural/more/log.txt")),
    ("ls", include_str!("../natural/more/ls.txt")),
    ("lspci", include_str!("../natural/more/lspci.txt")),
    ("mem", include_str!("../natural/more/mem.txt")),
    ("mkdir", include_str!("../natural/more/mkdir.txt")),
    ("model", include_str!("../natural/more/model.txt")),
    ("mv", include_str!("../natural/more/mv.txt")),
    ("reboot", include_str!("../natural/more/reboot.txt")),
    ("rm", include_str!("../natural/more/rm.txt")),
    ("route", include_str!("../natural/more/route.txt")),
    ("shutdown", include_str!("../natural/more/shutdown.txt")),
    ("uptime", include_str!("../natural/more/uptime.txt")),
    ("write", include_str!("../natural/more/write.txt")),
];

/// A third round, `corpus/natural/more2/<applet>.txt` (same format, written
/// blind on the night of 4 December 2026): drawn only with
/// [`crate::Config::natural_more2`], since models trained with them were
/// worse on every dev split (docs/training.md, "A third round of natural
/// phrasings: not shipped").
pub static NATURAL_MORE2_FILES: &[(&str, &str)] = &[
    ("append", include_str!("../natural/more2/append.txt")),
    ("bench", include_str!("../natural/more2/bench.txt")),
    ("cat", include_str!("../natural/more2/cat.txt")),
    ("clear", include_str!("../natural/more2/clear.txt")),
    ("cp", include_str!("../natural/more2/cp.txt")),
    ("cpu", include_str!("../natural/more2/cpu.txt")),
    ("date", include_str!("../natural/more2/date.txt")),
    ("df", include_str!("../natural/more2/df.txt")),
    ("disk", include_str!("../natural/more2/disk.txt")),
    ("echo", include_str!("../natural/more2/echo.txt")),
    ("help", include_str!("../natural/more2/help.txt")),
    ("hexdump", include_str!("../natural/more2/hexdump.txt")),
    ("history", include_str!("../natural/more2/history.txt")),
    ("log", include_str!("../natural/more2/log.txt")),
    ("ls", include_str!("../natural/more2/ls.txt")),
    ("lspci", include_str!("../natural/more2/lspci.txt")),
    ("mem", include_str!("../natural/more2/mem.txt")),
    ("mkdir", include_str!("../natural/more2/mkdir.txt")),
    ("model", include_str!("../natural/more2/model.txt")),
    ("mv", include_str!("../natural/more2/mv.txt")),
    ("reboot", include_str!("../natural/more2/reboot.txt")),
    ("rm", include_str!("../natural/more2/rm.txt")),
    ("route", include_str!("../natural/more2/route.txt")),
    ("shutdown", include_str!("../natural/more2/shutdown.txt")),
    ("uptime", include_str!("../natural/more2/uptime.txt")),
    ("write", include_str!("../natural/more2/write.txt")),
];

/// Lines no applet does (chat, trivia, errands elsewhere, keyboard
/// mashing), written by hand and blind to the evaluation files: the
/// training pairs whose command is [`crate::NOTHING`], so the model learns
/// to end the command before it starts when nothing fits.
pub static NOTHING_FILE: &str = include_str!("../natural/more/nothing.txt");

/// The families of `applet` in [`NATURAL_MORE_FILES`], and in
/// [`NATURAL_MORE2_FILES`] after them when `more2`.
pub fn natural_more_of(applet: &str, more2: bool) -> Vec<&'static str> {
    let second: &[(&str, &str)] = if more2 { NATURAL_MORE2_FILES } else { &[] };
    NATURAL_MORE_FILES
        .iter()
        .chain(second)
        .filter(|(a, _)| *a == applet)
        .flat_map(|(_, text)| natural_file_families(text))
        .collect()
}

/// The families of one natural file: its non-empty lines that are not
/// comments.
pub fn natural_file_families(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The natural (train-only) families for `applet`: those above, then its
/// file's.
pub fn natural_of(applet: &str) -> Vec<&'static str> {
    let inline = NATURAL
        .iter()
        .filter(|f| f.applet == applet)
        .flat_map(|f| f.families.iter().copied());
    let files = NATURAL_FILES
        .iter()
        .filter(|(a, _)| *a == applet)
        .flat_map(|(_, text)| natural_file_families(text));
    inline.chain(files).collect()
}
