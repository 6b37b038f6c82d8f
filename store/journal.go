package store

import (
	"encoding/binary"

	"github.com/dgraph-io/badger/v4"
	"hash/crc32"
	"os"
	"path/filepath"
)

// The commit journal: what the store must find when it opens.
//
// Badger replays whatever write-ahead logs (.mem) it finds and reads
// values from whatever value logs (.vlog) exist, so a deleted or
// shortened file loses records without a word. To notice, every commit
// of a writer carries a sequence number (the key m/seq, one more than the
// last), and after the commit returns the writer records that number in
// dana.seq, a 20-byte file next to Badger's, rewritten in place. That
// write is not synced (it would double the cost of a durable call): it
// survives a killed process, which is what it is for, and after a power
// loss it can only be older than the data, which makes the check weaker,
// never wrong. When the store opens, inspect (see checkJournal) compares:
//
//   - the highest sequence number in the files with dana.seq: lower means
//     acknowledged commits are gone (the newest .mem deleted or cut short);
//   - the sequence numbers in the write-ahead logs that are not yet in a
//     table: they must follow the tables' highest without a gap (a gap
//     means an older .mem is gone);
//   - every value pointer (in tables and write-ahead logs) with the value
//     log entries present: a pointer to a missing file or to bytes that
//     are not the entry it names means a .vlog is gone or cut short
//     (the store never runs value-log garbage collection, so no value log
//     is deleted legitimately).

// journalFileName is the commit journal, next to Badger's files.
const journalFileName = "dana.seq"

// seqKey holds the sequence number of the last commit.
var seqKey = []byte(pMeta + "seq")

const (
	journalMagic = "danaseq1"
	journalSize  = 20 // magic, sequence number, CRC-32C of both
)

func encodeSeq(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

func decodeSeq(b []byte) uint64 {
	if len(b) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}

// isSeqKey reports whether an internal key (user key + 8-byte version)
// is a version of seqKey.
func isSeqKey(ikey []byte) bool {
	return len(ikey) == len(seqKey)+8 && string(ikey[:len(seqKey)]) == string(seqKey)
}

// journal is a writer's open dana.seq.
type journal struct {
	f   *os.File
	buf [journalSize]byte
}

// openJournal opens (creating it if needed) the journal of the store in dir.
func openJournal(dir string) (*journal, error) {
	f, err := os.OpenFile(filepath.Join(dir, journalFileName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	return &journal{f: f}, nil
}

// record notes that the commit with sequence number n is durable. An
// error is ignored: the journal only makes the open-time check stronger.
func (j *journal) record(n uint64) {
	if j == nil {
		return
	}
	copy(j.buf[:], journalMagic)
	binary.BigEndian.PutUint64(j.buf[8:], n)
	binary.BigEndian.PutUint32(j.buf[16:], crc32.Checksum(j.buf[:16], castagnoli))
	_, _ = j.f.WriteAt(j.buf[:], 0)
}

func (j *journal) close() {
	if j != nil {
		j.f.Close()
	}
}

// readJournal returns the sequence number recorded in dir's journal; ok
// is false when there is none or it is unreadable (then nothing is known).
func readJournal(dir string) (n uint64, ok bool) {
	b, err := os.ReadFile(filepath.Join(dir, journalFileName))
	if err != nil || len(b) < journalSize || string(b[:8]) != journalMagic {
		return 0, false
	}
	if crc32.Checksum(b[:16], castagnoli) != binary.BigEndian.Uint32(b[16:]) {
		return 0, false
	}
	return binary.BigEndian.Uint64(b[8:]), true
}

// startJournal reads the last commit's sequence number from a database
// just opened for writing and opens the journal.
func (s *Store) startJournal(db *badger.DB) error {
	err := db.View(func(txn *badger.Txn) error {
		val, err := getValue(txn, seqKey)
		if isNotFound(err) {
			s.seq = 0
			return nil
		}
		s.seq = decodeSeq(val)
		return err
	})
	if err != nil {
		return err
	}
	s.jrnl, err = openJournal(s.dir)
	return err
}
