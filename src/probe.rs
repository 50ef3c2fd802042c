//! Probing built tables: the value of any position whose class is built,
//! or that the classes built answer exactly: a side without stones, a side
//! to move with no turn, a side that must capture and whose captures all
//! lead into the tables (or one of them wins as fast as any could), and a
//! block class a build leaves out, from the classes below it.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use crate::bits::Bits;
use crate::builder::{
    stalemate_value, table_dir, table_path, table_rules, trivial_value, wdl_path,
};
use crate::geometry::{Board, Geometry, Symmetry};
use crate::index::{ClassIndexer, ClassTooBig, MaterialClass, class_size};
use crate::movegen::{Turn, capturers, for_each_turn, has_turn, legal_turns};
use crate::position::{Position, PositionError};
use crate::rules::Rules;
use crate::table::{TableError, TableFile, TableHeader, decode};
use crate::value::{Oracle, Value, Wdl};
use crate::wdl::WdlFile;

/// Why a probe has no answer.
#[derive(Debug)]
pub enum ProbeError {
    /// The class of the position has no table in the folder.
    NotBuilt {
        /// The class asked for (the position's).
        class: MaterialClass,
        /// The file its table would be.
        path: PathBuf,
    },
    /// A table or the folder could not be read: an I/O error, damage,
    /// another format, or a file that is not the table its name says. (A
    /// WDL file that cannot be read is set aside instead, and its table
    /// read: [`Tablebase::problems`].)
    Table(TableError),
    /// A position that cannot stand on the tables' board (one of another
    /// board, or made by hand): it has no place in any table.
    Position(PositionError),
    /// A class that is never a table of the board: more stones than the
    /// board has points, or a side without stones (such a position needs
    /// no table: the side to move without stones has lost, one whose
    /// opponent has none has won; `db/FORMAT.md`). Its reason is read off
    /// the class and board in the message.
    NoSuchClass {
        /// The class asked for.
        class: MaterialClass,
        /// The board the tables are stored under.
        board: Board,
    },
    /// An index past the entries of a class's table
    /// ([`Tablebase::code_at`]): the caller's index is wrong, not the
    /// table (whose own reads past its end are damage, [`TableError`]).
    IndexOutOfRange {
        /// The class asked for.
        class: MaterialClass,
        /// The index asked for.
        index: u64,
        /// The entries of the class's table: its indices are those below.
        entries: u64,
        /// The table file.
        path: PathBuf,
    },
    /// A class too big for a table's index (a file named as one, copied
    /// or renamed into the folder: no build makes it).
    ClassTooBig(ClassTooBig),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::NotBuilt { class, path } => write!(
                f,
                "class {class} (side to move {}, other side {}{}) is not built: no {}",
                crate::draw::counted(class.mover, "stone"),
                class.other,
                if class.block {
                    ", one a sacrificed block"
                } else {
                    ""
                },
                path.display()
            ),
            ProbeError::Table(e) => write!(f, "{e}"),
            ProbeError::Position(e) => write!(f, "{e}"),
            ProbeError::ClassTooBig(e) => write!(f, "{e}"),
            ProbeError::NoSuchClass { class, board }
                if class.stones() as usize > board.points() =>
            {
                write!(
                    f,
                    "class {class} has {} stones, more than the {} points of the {board} board",
                    class.stones(),
                    board.points()
                )
            }
            ProbeError::NoSuchClass { class, board } => write!(
                f,
                "class {class} is never a table of the {board} board: {}",
                match (class.mover, class.other) {
                    (0, 0) => "it has no stones",
                    (0, _) => "the side to move has no stones (it has lost: loss 0)",
                    (_, 0) => "the other side has no stones (the side to move has won: win 0)",
                    // (Not made so: the cases above are all there are.)
                    _ => "no table of the board holds it",
                }
            ),
            ProbeError::IndexOutOfRange {
                class,
                index,
                entries,
                path,
            } => write!(
                f,
                "index {index} is past the {entries} entries of class {class}'s table (indices 0 to {}): {}",
                entries.saturating_sub(1),
                path.display()
            ),
        }
    }
}

impl std::error::Error for ProbeError {}

impl From<TableError> for ProbeError {
    fn from(e: TableError) -> Self {
        ProbeError::Table(e)
    }
}

/// How many stones above the largest table a position may have and still
/// be answered through its captures (which are answered the same way, so
/// a capture may be met by a recapture). On the 7x5 start with the 7-stone
/// tables (`solve --threads 1 --memory 4`) the draw proof took 3,556,645
/// nodes answering only positions whose captures all land in tables,
/// 830,305 with recaptures up to 2 stones above them, 748,639 up to 3 and
/// 711,920 up to 4, in about the same time for 2 to 4: each step answers
/// fewer new positions at a higher cost.
const LOOKAHEAD_STONES: u32 = 3;

/// A table found in a folder, opened or not.
pub type ListedTable = (MaterialClass, Result<TableFile, TableError>);

struct OpenClass<B> {
    file: TableFile,
    /// The class's WDL file, when the folder has one.
    wdl: Option<WdlFile>,
    /// The first damage found in the WDL file: its reads go to the table
    /// instead, which holds the same values ([`Tablebase::problems`]).
    wdl_damage: OnceLock<String>,
    indexer: ClassIndexer<B>,
}

/// What a probe answers: a value with its distance, or only win, draw or
/// loss (read from the WDL file when there is one).
trait Answer: Copy + Ord {
    fn of_value(v: Value) -> Self;
    /// The answer one ply earlier, for the side that moves into it.
    fn parent(self) -> Self;
    fn read<B>(class: &OpenClass<B>, index: u64) -> Result<Self, TableError>;
    /// Starts loading what [`Answer::read`] reads at `index`, if that is
    /// one place in memory.
    fn prefetch<B>(_class: &OpenClass<B>, _index: u64) {}
    /// Whether no answer can be better for the side it is for: the other
    /// moves need not be looked at.
    fn is_best(self) -> bool;
}

/// Where a position's value is ([`Tablebase::locate`]).
enum Located<B> {
    /// Known without a table (the game is over).
    Known(Value),
    /// At this index of the class's table.
    Stored(Arc<OpenClass<B>>, u64),
    /// Nowhere: the class is not built.
    Missing,
}

/// A capture [`Tablebase::find_through_captures`] reads after locating
/// them all: in a table, or one ply further down.
enum Later<B> {
    Stored(Arc<OpenClass<B>>, u64),
    Deeper(Position<B>),
}

impl Answer for Value {
    fn of_value(v: Value) -> Self {
        v
    }
    fn parent(self) -> Self {
        Value::parent(self)
    }
    fn read<B>(class: &OpenClass<B>, index: u64) -> Result<Self, TableError> {
        Ok(decode(class.file.code(index)?))
    }
    fn is_best(self) -> bool {
        // Winning with this very turn.
        self == Value::Win(1)
    }
}

impl Answer for Wdl {
    fn of_value(v: Value) -> Self {
        v.wdl()
    }
    fn parent(self) -> Self {
        self.negate()
    }
    fn read<B>(class: &OpenClass<B>, index: u64) -> Result<Self, TableError> {
        if let Some(w) = &class.wdl
            && class.wdl_damage.get().is_none()
        {
            match w.wdl(index) {
                Ok(v) => return Ok(v),
                // (Not an answer lost: the table has it.)
                Err(e) => {
                    let _ = class.wdl_damage.set(e.to_string());
                }
            }
        }
        Ok(decode(class.file.code(index)?).wdl())
    }
    fn prefetch<B>(class: &OpenClass<B>, index: u64) {
        if let Some(w) = &class.wdl {
            w.prefetch(index);
        }
    }
    fn is_best(self) -> bool {
        self == Wdl::Win
    }
}

/// The tables of one board and rule set, opened as they are needed.
///
/// A board with more rows than columns is served by the tables of its wide
/// transpose ([`Board::table_board`]): positions are turned onto the wide
/// board before they are looked up, so callers never see the difference.
/// Likewise a board whose diagonal rules agree reads the `corner` tables
/// under `center` ([`table_rules`]).
///
/// [`Tablebase::new`] opens nothing: a folder that does not exist, or a
/// class not built, shows at the first look-up ([`ProbeError::NotBuilt`]).
/// Values are those of the game without the move limit (the tables hold
/// no turn counts): under it, cut them with [`Value::within`] or ask
/// [`Tablebase::probe_moves`] with the turns left.
pub struct Tablebase<B> {
    /// The board asked for: positions given to [`Tablebase::probe`] are on it.
    pub geo: Geometry<B>,
    /// The rules asked for (the board's diagonal rule is theirs).
    pub rules: Rules,
    /// The folder of the tables: the database folder's subfolder of the
    /// stored board and rules (`db/9x5-corner-free-sl`).
    pub dir: PathBuf,
    /// The board the tables are stored under.
    stored: Board,
    /// The rules the tables are stored under ([`table_rules`]).
    stored_rules: Rules,
    /// Maps onto and back from the stored board, when it is the transpose.
    transpose: Option<(Symmetry, Symmetry)>,
    classes: RwLock<HashMap<MaterialClass, Option<Arc<OpenClass<B>>>>>,
    /// The most stones of any table in the folder, read once: a search
    /// probes far more positions above it than below, and those need no
    /// look-up at all.
    max_stones: OnceLock<u32>,
    /// Bytes of WDL files still to be read into memory as their classes
    /// open ([`Tablebase::set_wdl_memory`]), and read so far.
    wdl_budget: AtomicU64,
    wdl_loaded: AtomicU64,
    /// What [`Oracle`]'s look-ups, which answer "not in the tables" when a
    /// table cannot be read, could not read ([`Tablebase::problems`]).
    problems: Mutex<Vec<String>>,
}

/// A legal turn with what the tables say of it ([`Tablebase::probe_moves`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnValue<B> {
    /// The turn, as the move generator gives it.
    pub turn: Turn,
    /// The position the turn leads to.
    pub position: Position<B>,
    /// The turn's value for the side that plays it; `None` when the
    /// position it leads to is in a class the folder lacks.
    pub value: Option<Value>,
}

/// At most this many of the look-ups' problems are kept (each distinct).
const MAX_PROBLEMS: usize = 16;

impl<B: Bits> Tablebase<B> {
    /// The tables of `board` under `rules` in the database folder `db`
    /// (the board and rules subfolder is found inside it). Nothing is read
    /// yet: a folder that is not there answers as one without tables
    /// ([`ProbeError::NotBuilt`], [`Tablebase::max_stones`] 0).
    ///
    /// # Panics
    ///
    /// When the board has more points than `B` holds.
    pub fn new(db: &Path, board: Board, rules: Rules) -> Tablebase<B> {
        // The diagonal rule is the rules' (as for `Builder` and `Game`).
        let board = Board {
            diagonals: rules.diagonals,
            ..board
        };
        let stored = board.table_board();
        let transpose = (stored != board).then(|| (board.transposition(), stored.transposition()));
        Tablebase {
            geo: Geometry::new(board),
            dir: table_dir(db, &stored, &rules),
            stored_rules: table_rules(&stored, &rules),
            rules,
            stored,
            transpose,
            classes: RwLock::new(HashMap::new()),
            max_stones: OnceLock::new(),
            wdl_budget: AtomicU64::new(0),
            wdl_loaded: AtomicU64::new(0),
            problems: Mutex::new(Vec::new()),
        }
    }

    /// The damage the look-ups of [`Oracle`] met, each naming its file:
    /// tables they could not read (their positions were taken for not in
    /// the tables: searched, not answered) and WDL files whose reads went
    /// to the table instead. Empty when every read was sound.
    pub fn problems(&self) -> Vec<String> {
        let unread = self.problems.lock().expect("lock").clone();
        let mut out: Vec<String> = unread
            .into_iter()
            .map(|p| format!("not read, its positions searched instead: {p}"))
            .collect();
        let classes = self.classes.read().expect("lock");
        let mut damaged: Vec<String> = classes
            .values()
            .flatten()
            .filter_map(|c| c.wdl_damage.get())
            .map(|p| format!("WDL file set aside, the table read instead: {p}"))
            .collect();
        damaged.sort();
        out.extend(damaged);
        out
    }

    /// Keeps a look-up's problem for [`Tablebase::problems`].
    fn note_problem(&self, e: &ProbeError) {
        let text = e.to_string();
        let mut problems = self.problems.lock().expect("lock");
        if problems.len() < MAX_PROBLEMS && !problems.contains(&text) {
            problems.push(text);
        }
    }

    /// Reads the WDL files of the classes opened from now on whole into
    /// memory ([`WdlFile::load`]: quicker probes, a copy of this process's
    /// own) while they fit in `bytes` in all, in the order the classes are
    /// first probed; the others stay mapped.
    pub fn set_wdl_memory(&self, bytes: u64) {
        self.wdl_budget.store(bytes, Ordering::Relaxed);
    }

    /// Bytes of WDL files read into memory.
    pub fn wdl_memory_used(&self) -> u64 {
        self.wdl_loaded.load(Ordering::Relaxed)
    }

    /// A class's WDL file as it is to be read: loaded if it fits what is
    /// left of the memory for them, else mapped.
    fn load_if_room(&self, w: WdlFile) -> Result<WdlFile, TableError> {
        let len = w.file_len;
        let reserved = self
            .wdl_budget
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(len)
            })
            .is_ok();
        if !reserved {
            return Ok(w);
        }
        match w.load() {
            Ok(w) => {
                self.wdl_loaded.fetch_add(len, Ordering::Relaxed);
                Ok(w)
            }
            Err(e) => {
                self.wdl_budget.fetch_add(len, Ordering::Relaxed);
                Err(e)
            }
        }
    }

    /// The board the tables are stored under: this board, or its transpose.
    pub fn stored_board(&self) -> Board {
        self.stored
    }

    /// A position of the asked board as it is stored.
    pub fn to_stored(&self, pos: &Position<B>) -> Position<B> {
        match &self.transpose {
            Some((onto, _)) => pos.transformed(onto),
            None => *pos,
        }
    }

    /// A stored position (decoded from a table index) on the asked board.
    pub fn from_stored(&self, pos: &Position<B>) -> Position<B> {
        match &self.transpose {
            Some((_, back)) => pos.transformed(back),
            None => *pos,
        }
    }

    /// The table file of `class` at `path`, if it is one of this folder's
    /// board, rules and class (a file copied or renamed into the wrong
    /// place opens as a table, and is refused here, naming it).
    fn open_table(&self, class: MaterialClass, path: &Path) -> Result<TableFile, TableError> {
        let file = TableFile::open(path)?;
        let board = self.stored;
        let want = TableHeader::new(board.cols, board.rows, &self.stored_rules, class);
        if !file.header.same_rules(&want) || file.header.class() != class {
            return Err(TableError::Mismatch {
                path: path.to_path_buf(),
                found: format!("{} class {}", file.header.rules_text(), file.header.class()),
                wanted: format!("{} class {class}", want.rules_text()),
            });
        }
        Ok(file)
    }

    /// The open table of a class, or `None` when the folder has none. A hit
    /// in the cache allocates nothing: searches probe for every new leaf.
    fn class(&self, class: MaterialClass) -> Result<Option<Arc<OpenClass<B>>>, ProbeError> {
        if let Some(c) = self.classes.read().expect("lock").get(&class) {
            // `None` is known to be missing: searches probe unbuilt classes
            // often, and should not ask the file system each time.
            return Ok(c.clone());
        }
        let path = table_path(&self.dir, class);
        if !path.exists() {
            self.classes.write().expect("lock").insert(class, None);
            return Ok(None);
        }
        let board = self.stored;
        // (Its indexer would panic; no build writes such a table, but a
        // file of that name can be there, and `code_at` takes any class.)
        if class.stones() as usize > board.points() {
            return Err(ProbeError::NoSuchClass { class, board });
        }
        class_size(board, class).map_err(ProbeError::ClassTooBig)?;
        let file = self.open_table(class, &path)?;
        // A WDL file that cannot be read, or is not the table's, is left
        // aside: its reads go to the table, which holds the same values,
        // and the damage is kept for [`Tablebase::problems`].
        let wpath = wdl_path(&self.dir, class);
        let wdl_damage = OnceLock::new();
        let wdl = if wpath.exists() {
            match WdlFile::open(&wpath) {
                // (Read into memory, every chunk is checked: damage found
                // there sets the file aside too.)
                Ok(w) if w.header.matches(&file.header) => match self.load_if_room(w) {
                    Ok(w) => Some(w),
                    Err(e) => {
                        let _ = wdl_damage.set(e.to_string());
                        None
                    }
                },
                Ok(w) => {
                    let _ = wdl_damage.set(format!(
                        "{}: class {} of {} positions ({} wins, {} draws, {} losses), not the \
                         table's {} of {} positions ({} wins, {} draws, {} losses): rebuild the \
                         WDL file with `fanorona build`",
                        wpath.display(),
                        w.header.class(),
                        w.header.entries,
                        w.header.wins,
                        w.header.draws,
                        w.header.losses,
                        file.header.class(),
                        file.header.entries,
                        file.header.wins,
                        file.header.draws,
                        file.header.losses
                    ));
                    None
                }
                Err(e) => {
                    let _ = wdl_damage.set(e.to_string());
                    None
                }
            }
        } else {
            None
        };
        let open = Arc::new(OpenClass {
            file,
            wdl,
            wdl_damage,
            indexer: ClassIndexer::new(board, class),
        });
        let mut classes = self.classes.write().expect("lock");
        if let Some(Some(first)) = classes.get(&class) {
            // Another thread opened it meanwhile: its copy serves, and
            // what this one loaded is given back.
            if let Some(w) = open.wdl.as_ref().filter(|w| w.is_loaded()) {
                self.wdl_loaded.fetch_sub(w.file_len, Ordering::Relaxed);
                self.wdl_budget.fetch_add(w.file_len, Ordering::Relaxed);
            }
            return Ok(Some(first.clone()));
        }
        classes.insert(class, Some(open.clone()));
        Ok(Some(open))
    }

    fn not_built(&self, class: MaterialClass) -> ProbeError {
        ProbeError::NotBuilt {
            class,
            path: table_path(&self.dir, class),
        }
    }

    /// Whether the class of a position has a table (or needs none): a
    /// block class a build leaves out ([`crate::builder::is_top_block`])
    /// needs none when the folder holds the classes below it.
    pub fn covers(&self, pos: &Position<B>) -> bool {
        let class = MaterialClass::of(pos);
        trivial_value(pos).is_some()
            || table_path(&self.dir, class).exists()
            || (class.block && class.stones() <= self.max_stones() + 1)
    }

    /// The value of a position for the side to move.
    pub fn probe(&self, pos: &Position<B>) -> Result<Value, ProbeError> {
        self.answer(pos)
    }

    /// [`Tablebase::probe`] and [`Tablebase::probe_wdl`]: what the tables
    /// answer, else the stalemate rule's value for a side to move with no
    /// turn, which needs no table however many stones (an empty folder
    /// answered "not built"). Looked at here, not in every look-up of a
    /// search, which sees such positions itself.
    fn answer<A: Answer>(&self, pos: &Position<B>) -> Result<A, ProbeError> {
        // (A position of a bigger board indexed past the table's arrays
        // and panicked; one with a stone on both sides' lists was answered.)
        pos.check(&self.geo.board).map_err(ProbeError::Position)?;
        if let Some(v) = self.find(pos)? {
            return Ok(v);
        }
        if !has_turn(&self.geo, &self.rules, pos) {
            return Ok(A::of_value(stalemate_value(&self.rules)));
        }
        // A folder that is there but cannot be listed holds no table the
        // probe can find: said as it is ("class 1v1 is not built: no
        // D/7x3-corner-free-sl/1v1.fnt" of a folder the user may not read).
        Err(self.unanswered(pos))
    }

    /// Why `pos`, whose class needs a table, has no answer: the folder's
    /// error when it is there but cannot be listed, else its class is
    /// not built.
    fn unanswered(&self, pos: &Position<B>) -> ProbeError {
        self.folder_error()
            .unwrap_or_else(|| self.not_built(MaterialClass::of(pos)))
    }

    /// Why the folder of the tables cannot be listed, if it is there (one
    /// that is not answers as one without tables, as [`Tablebase::new`]
    /// says): no permission, a file in its place.
    fn folder_error(&self) -> Option<ProbeError> {
        self.class_files().err().filter(|e| !folder_missing(e))
    }

    /// Every legal turn of `pos` with the position it leads to and its
    /// value for the side that plays it, best first: the fastest win, the
    /// draws, the slowest loss, then the turns into classes the folder
    /// lacks (`value: None`; a position answered through a winning capture
    /// can have such turns). Turns that lead to the same position are
    /// listed each. `turns_left`: under the move limit, the turns left in
    /// the game before this one (`None`: no limit), which cuts distances
    /// past it to draws ([`Value::of_turn`]); with none left (`Some(0)`)
    /// the game is over and no turn can be played: the list is empty.
    ///
    /// A folder that is not there, or cannot be read, is the error
    /// [`Tablebase::probe`] gives for `pos` (where it needs a table: `pos`
    /// has a turn and both sides stones): only a folder that is there
    /// leaves a turn into a class it lacks `None`.
    pub fn probe_moves(
        &self,
        pos: &Position<B>,
        turns_left: Option<u32>,
    ) -> Result<Vec<TurnValue<B>>, ProbeError> {
        pos.check(&self.geo.board).map_err(ProbeError::Position)?;
        if turns_left == Some(0) {
            // (Each turn was listed and valued as if one were left: a
            // capture of the last stones as `win 1`, where `probe` cut
            // to the limit says draw and `perfect_line` ends at once.)
            return Ok(Vec::new());
        }
        let turns = legal_turns(&self.geo, &self.rules, pos);
        // A folder not there gave every turn `None`, as one lacking their
        // classes does, where `probe` says "not built": the caller could
        // not tell the two apart. Listed again only when it showed no
        // table (`max_stones` 0), so a probe of a full folder costs none.
        if !turns.is_empty()
            && trivial_value(pos).is_none()
            && self.max_stones() == 0
            && self.class_files().is_err()
        {
            return Err(self.unanswered(pos));
        }
        let mut moves = Vec::new();
        for (turn, position) in turns {
            let value = match self.probe(&position) {
                Ok(v) => Some(v.of_turn(turns_left)),
                Err(ProbeError::NotBuilt { .. }) => None,
                Err(e) => return Err(e),
            };
            moves.push(TurnValue {
                turn,
                position,
                value,
            });
        }
        // A stable sort: equal values keep the order of the move generator.
        moves.sort_by_key(|m| std::cmp::Reverse(m.value));
        Ok(moves)
    }

    /// Win, draw or loss for the side to move: from the class's WDL file
    /// when the folder has one, else from its table.
    pub fn probe_wdl(&self, pos: &Position<B>) -> Result<Wdl, ProbeError> {
        self.answer(pos)
    }

    /// The value of a position, or `None` when its class is not built
    /// (without building the error, which [`Oracle::lookup`] would drop).
    fn find<A: Answer>(&self, pos: &Position<B>) -> Result<Option<A>, ProbeError> {
        if let Some(v) = self.find_stored(pos)? {
            return Ok(Some(v));
        }
        self.find_through_captures(pos)
    }

    /// The value stored for a position (or needing no table), or `None`
    /// when its class is not built.
    fn find_stored<A: Answer>(&self, pos: &Position<B>) -> Result<Option<A>, ProbeError> {
        Ok(match self.locate(pos)? {
            Located::Known(v) => Some(A::of_value(v)),
            Located::Stored(c, index) => Some(A::read(&c, index)?),
            Located::Missing => None,
        })
    }

    /// Where a position's value is: known without a table, at an index of
    /// its class's table, or nowhere (the class is not built).
    fn locate(&self, pos: &Position<B>) -> Result<Located<B>, ProbeError> {
        if let Some(v) = trivial_value(pos) {
            return Ok(Located::Known(v));
        }
        let class = MaterialClass::of(pos);
        if class.stones() > self.max_stones() {
            return Ok(Located::Missing);
        }
        Ok(match self.class(class)? {
            Some(c) => {
                let index = c.indexer.index_of(&self.to_stored(pos));
                Located::Stored(c, index)
            }
            None => Located::Missing,
        })
    }

    /// The value of a position whose class is not built, when the side to
    /// move has no turn (the stalemate rule's value), or must capture and
    /// every capture leads into a built class or to a position answered
    /// this way in turn: the best of those values, one ply up. Exact, since
    /// captures are compulsory and every capture removes stones. This
    /// answers the positions just above the tables where a search meets
    /// them most (a capture is on), without a search node, and is what
    /// would let a table leave capture positions out. A capture that wins
    /// as surely as any could ([`Answer::is_best`]) answers too when other
    /// captures lead where no table is.
    ///
    /// A position with a sacrificed block is answered through all its
    /// turns, which all remove the block, when it has at most one stone
    /// more than the largest table: that is how the block classes a build
    /// leaves out are probed ([`crate::builder::is_top_block`]), and how a
    /// sacrifice from a position one stone above the tables is answered
    /// beside its captures.
    fn find_through_captures<A: Answer>(&self, pos: &Position<B>) -> Result<Option<A>, ProbeError> {
        let max = self.max_stones();
        let stones = pos.stone_count();
        let block = pos.block.is_some();
        let above = if block { 1 } else { LOOKAHEAD_STONES };
        if max == 0 || stones > max + above {
            return Ok(None);
        }
        let empty = self.geo.all & !pos.occupied();
        if !block && !capturers(&self.geo, pos.mover(), pos.waiter(), empty).any() {
            // Without a capture only a stalemate is known.
            return Ok((!has_turn(&self.geo, &self.rules, pos))
                .then(|| A::of_value(stalemate_value(&self.rules))));
        }
        // The captures into tables are located first and their values all
        // asked for at once: each is a read from anywhere in a file of up
        // to gigabytes, and waiting for them one after the other took 19%
        // of a 9x5 search's time. The others are answered the same way
        // one ply further down, last (they cost the most).
        let mut best: Option<A> = None;
        let mut any = false;
        let mut unknown = false;
        let mut located = Ok(());
        let mut later: Vec<Later<B>> = Vec::new();
        for_each_turn(&self.geo, &self.rules, pos, |_, child| {
            any = true;
            if located.is_err() {
                return;
            }
            if child.stone_count() > max + 1 && child.stone_count() >= stones {
                // Not a capture (captures are compulsory): a sacrifice,
                // whose block position is answered (below) only when it
                // is at most one stone above the tables.
                unknown = true;
                return;
            }
            match self.locate(child) {
                Ok(Located::Known(v)) => {
                    let v = A::of_value(v).parent();
                    best = Some(best.map_or(v, |b| b.max(v)));
                }
                Ok(Located::Stored(c, index)) => {
                    A::prefetch(&c, index);
                    later.push(Later::Stored(c, index));
                }
                Ok(Located::Missing) => later.push(Later::Deeper(*child)),
                Err(e) => located = Err(e),
            }
        });
        located?;
        later.sort_by_key(|l| matches!(l, Later::Deeper(_)));
        for l in later {
            if best.is_some_and(A::is_best) {
                break;
            }
            let v = match l {
                Later::Stored(c, index) => Some(A::read(&c, index)?),
                Later::Deeper(child) => self.find_through_captures::<A>(&child)?,
            };
            match v {
                Some(v) => {
                    let v = v.parent();
                    best = Some(best.map_or(v, |b| b.max(v)));
                }
                None => unknown = true,
            }
        }
        if !any {
            return Ok(Some(A::of_value(stalemate_value(&self.rules))));
        }
        Ok(match best {
            Some(b) if A::is_best(b) => Some(b),
            _ if unknown => None,
            b => b,
        })
    }

    /// The most stones of any table in the folder (0 if none), as the
    /// folder was when first asked: from the file names, counting only
    /// classes that can be tables of this board and rules (no side
    /// without stones, no more stones than points, block classes only
    /// under the sacrifice move).
    pub fn max_stones(&self) -> u32 {
        *self.max_stones.get_or_init(|| match self.class_files() {
            // Only names of classes that can be tables here: a stray
            // `200v1.fnt` in a 5x3 folder said 201, and every position
            // up to that many stones was looked for in the tables. A
            // block class can be only under the sacrifice move.
            Ok(files) => files
                .iter()
                .filter(|(c, _)| {
                    self.check_class(*c).is_ok() && (!c.block || self.stored_rules.sacrifice)
                })
                .map(|(c, _)| c.stones())
                .max()
                .unwrap_or(0),
            Err(e) => {
                // A folder there but unreadable is a problem to report (a
                // search went on without its tables without a word); one
                // not there is a folder without tables.
                if !folder_missing(&e) {
                    self.note_problem(&e);
                }
                0
            }
        })
    }

    /// The table files in the folder, by class: fewest stones first, then
    /// without a blocked stone before with, then by the mover's stones.
    fn class_files(&self) -> Result<Vec<(MaterialClass, PathBuf)>, ProbeError> {
        let entries = std::fs::read_dir(&self.dir).map_err(|err| {
            ProbeError::Table(TableError::Io {
                path: self.dir.clone(),
                err,
            })
        })?;
        let mut files: Vec<(MaterialClass, PathBuf)> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().and_then(|x| x.to_str()) == Some("fnt"))
            .filter_map(|p| {
                let class = MaterialClass::parse(p.file_stem()?.to_str()?)?;
                Some((class, p))
            })
            .collect();
        files.sort_by_key(|(c, _)| (c.stones(), c.block, c.mover));
        Ok(files)
    }

    /// What is wrong with `class`'s WDL file, read whole (every chunk's
    /// checksum, its counts against the table's), if anything: the probe
    /// sets such a file aside ([`Tablebase::problems`]), so only this
    /// check sees damage where no position was read. `None` also when the
    /// class has no WDL file.
    pub fn wdl_problem(&self, class: MaterialClass) -> Result<Option<String>, ProbeError> {
        self.check_class(class)?;
        let c = self.class(class)?.ok_or_else(|| self.not_built(class))?;
        if let Some(damage) = c.wdl_damage.get() {
            return Ok(Some(damage.clone()));
        }
        Ok(match &c.wdl {
            Some(w) => w.check().err().map(|e| e.to_string()),
            None => None,
        })
    }

    /// The raw code stored at an index of a class's table: an index past
    /// its entries is [`ProbeError::IndexOutOfRange`], a class that is
    /// never a table [`ProbeError::NoSuchClass`] (not "not built").
    pub fn code_at(&self, class: MaterialClass, index: u64) -> Result<u16, ProbeError> {
        self.check_class(class)?;
        let c = self.class(class)?.ok_or_else(|| self.not_built(class))?;
        // (The table's own check says "corrupt", as it is where the probe
        // computed the index: here the caller chose it.)
        let entries = c.file.header.entries;
        if index >= entries {
            return Err(ProbeError::IndexOutOfRange {
                class,
                index,
                entries,
                path: table_path(&self.dir, class),
            });
        }
        Ok(c.file.code(index)?)
    }

    /// Whether `class` can be a table of this board at all: not when a
    /// side has no stones (those positions need none, `db/FORMAT.md`),
    /// nor with more stones than the board has points, nor too big for a
    /// table's index. The methods that take a class (any a caller names)
    /// say so, rather than "not built", which a build could mend.
    pub fn check_class(&self, class: MaterialClass) -> Result<(), ProbeError> {
        let board = self.stored;
        if class.mover == 0 || class.other == 0 || class.stones() as usize > board.points() {
            return Err(ProbeError::NoSuchClass { class, board });
        }
        class_size(board, class).map_err(ProbeError::ClassTooBig)?;
        Ok(())
    }

    /// Bytes of every table in the folder decompressed: the most a block
    /// cache can usefully hold for them. Tables that do not open count
    /// nothing (a probe reports them).
    pub fn decompressed_bytes(&self) -> Result<u64, ProbeError> {
        self.decompressed_bytes_of(|_| true)
    }

    /// [`Tablebase::decompressed_bytes`] of the tables without a WDL file
    /// beside them: all a search without the move limit can put in the
    /// block cache, since it reads WDL files where there are any.
    pub fn decompressed_bytes_without_wdl(&self) -> Result<u64, ProbeError> {
        self.decompressed_bytes_of(|class| !wdl_path(&self.dir, class).exists())
    }

    /// Bytes of the WDL files in the folder: the most
    /// [`Tablebase::set_wdl_memory`] can usefully take.
    pub fn wdl_file_bytes(&self) -> Result<u64, ProbeError> {
        Ok(self
            .class_files()?
            .into_iter()
            .filter_map(|(class, _)| std::fs::metadata(wdl_path(&self.dir, class)).ok())
            .map(|m| m.len())
            .sum())
    }

    /// [`Tablebase::decompressed_bytes`] of the classes `which` picks.
    fn decompressed_bytes_of(
        &self,
        which: impl Fn(MaterialClass) -> bool,
    ) -> Result<u64, ProbeError> {
        Ok(self
            .list()?
            .iter()
            .filter(|(class, _)| which(*class))
            .filter_map(|(_, t)| t.as_ref().ok())
            .map(TableFile::decompressed_bytes)
            .sum())
    }

    /// The classes whose table files are in the folder, in the order of
    /// [`Tablebase::list`], from the file names alone: nothing is opened
    /// (a damaged file is listed too; `list` reports it).
    pub fn classes(&self) -> Result<Vec<MaterialClass>, ProbeError> {
        Ok(self.class_files()?.into_iter().map(|(c, _)| c).collect())
    }

    /// The tables present in the folder, by class (a file that is not this
    /// folder's table of its class is listed with the error the probe
    /// gives it).
    pub fn list(&self) -> Result<Vec<ListedTable>, ProbeError> {
        Ok(self
            .class_files()?
            .into_iter()
            .map(|(class, p)| (class, self.open_table(class, &p)))
            .collect())
    }
}

/// Whether listing the folder of the tables failed because it is not
/// there.
fn folder_missing(e: &ProbeError) -> bool {
    matches!(e, ProbeError::Table(TableError::Io { err, .. }) if err.kind() == std::io::ErrorKind::NotFound)
}

impl<B: Bits> Oracle<B> for Tablebase<B> {
    /// The same board (not its transpose: positions are looked up as on
    /// it) and the same tables' rules (the first player and the move limit
    /// leave the values alone).
    fn serves(&self, board: &Board, rules: &Rules) -> bool {
        let own = &self.geo.board;
        let same_points = board.cols == own.cols
            && board.rows == own.rows
            && (board.diagonals == own.diagonals || board.diagonal_rules_agree());
        same_points && table_rules(&self.stored, rules).slug() == self.stored_rules.slug()
    }
    fn problems(&self) -> Vec<String> {
        Tablebase::problems(self)
    }
    fn lookup(&self, pos: &Position<B>) -> Option<Value> {
        self.find(pos).unwrap_or_else(|e| {
            self.note_problem(&e);
            None
        })
    }
    fn lookup_wdl(&self, pos: &Position<B>) -> Option<Wdl> {
        self.find(pos).unwrap_or_else(|e| {
            self.note_problem(&e);
            None
        })
    }
}
