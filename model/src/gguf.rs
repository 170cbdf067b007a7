//! GGUF v3 reader, zero-copy over a byte slice.
//!
//! Layout (all little-endian): magic `GGUF`, version u32, tensor count u64, metadata count u64,
//! then the metadata key/value pairs, then the tensor infos, then padding up to
//! `general.alignment` (default 32), then the tensor data. Every tensor offset is relative to the
//! start of the data section.
//!
//! Nothing here trusts the file: every count, length and offset is checked against the bytes that
//! are actually there before it is used, so a malformed file gives a [`GgufError`], never a panic
//! or an out-of-bounds read. `Gguf::parse` allocates only two small vectors (one entry per
//! metadata key and per tensor); strings, arrays and tensor data stay borrowed from the input.

use alloc::vec::Vec;
use core::fmt;

/// `GGUF` read as a little-endian u32.
pub const GGUF_MAGIC: u32 = 0x4655_4747;
/// The only version we read; v1 used 32-bit counts and is long gone.
pub const GGUF_VERSION: u32 = 3;
/// Alignment of the data section when `general.alignment` is absent.
pub const DEFAULT_ALIGNMENT: u64 = 32;
/// ggml tensors have at most four dimensions.
pub const MAX_DIMS: usize = 4;

/// Why a GGUF file was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GgufError {
    /// The file ended while reading `what` at byte `offset`.
    Truncated { what: &'static str, offset: usize },
    /// The first four bytes are not `GGUF`.
    BadMagic(u32),
    /// A version other than 3.
    BadVersion(u32),
    /// A count (metadata, tensors, array elements, dimensions) that cannot fit in the file.
    AbsurdCount { what: &'static str, count: u64 },
    /// A metadata value type number that GGUF does not define (or an array of arrays).
    BadValueType(u32),
    /// A string that is not UTF-8.
    InvalidUtf8 { offset: usize },
    /// The same metadata key or tensor name twice.
    Duplicate { offset: usize },
    /// `general.alignment` is missing a power of two, or has the wrong type.
    BadAlignment(u64),
    /// A tensor type we cannot compute with: ggml's `ggml_type` number, and the first tensor
    /// that uses it.
    UnsupportedTensorType { ty: u32, tensor: ShortName },
    /// A dimension of zero, or a shape whose element count overflows.
    BadShape { tensor: usize },
    /// The first dimension of a block-quantized tensor is not a multiple of the block size.
    BadBlockAlignment { tensor: usize },
    /// A tensor offset not aligned to `general.alignment`.
    MisalignedTensor { tensor: usize },
    /// Tensor data that runs past the end of the file.
    TensorOutOfBounds { tensor: usize },
    /// Two tensors whose data ranges overlap.
    OverlappingTensors { first: usize, second: usize },
}

impl core::error::Error for GgufError {}

impl fmt::Display for GgufError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Truncated { what, offset } => {
                write!(f, "gguf: file truncated reading {what} at byte {offset}")
            }
            Self::BadMagic(m) => write!(f, "gguf: bad magic {m:#010x}"),
            Self::BadVersion(v) => write!(f, "gguf: unsupported version {v} (need 3)"),
            Self::AbsurdCount { what, count } => write!(f, "gguf: absurd {what} count {count}"),
            Self::BadValueType(t) => write!(f, "gguf: bad metadata value type {t}"),
            Self::InvalidUtf8 { offset } => write!(f, "gguf: invalid UTF-8 at byte {offset}"),
            Self::Duplicate { offset } => write!(f, "gguf: duplicate name at byte {offset}"),
            Self::BadAlignment(a) => write!(f, "gguf: bad general.alignment {a}"),
            Self::UnsupportedTensorType { ty, tensor } => match ggml_type_name(*ty) {
                Some(n) => write!(
                    f,
                    "gguf: tensor type {n} (ggml type {ty}) is not supported; first used by {tensor}"
                ),
                None => write!(f, "gguf: unknown tensor type {ty}, used by {tensor}"),
            },
            Self::BadShape { tensor } => write!(f, "gguf: tensor {tensor} has a bad shape"),
            Self::BadBlockAlignment { tensor } => {
                write!(
                    f,
                    "gguf: tensor {tensor} row is not a whole number of blocks"
                )
            }
            Self::MisalignedTensor { tensor } => write!(f, "gguf: tensor {tensor} is misaligned"),
            Self::TensorOutOfBounds { tensor } => {
                write!(
                    f,
                    "gguf: tensor {tensor} data runs past the end of the file"
                )
            }
            Self::OverlappingTensors { first, second } => {
                write!(f, "gguf: tensors {first} and {second} overlap")
            }
        }
    }
}

/// A tensor name kept inside an error (errors carry no borrow of the file): the first 47 bytes,
/// cut at a character boundary.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ShortName {
    len: u8,
    buf: [u8; 47],
}

impl ShortName {
    pub fn new(s: &str) -> Self {
        let mut n = s.len().min(47);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        let mut buf = [0; 47];
        buf[..n].copy_from_slice(&s.as_bytes()[..n]);
        Self { len: n as u8, buf }
    }
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for ShortName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for ShortName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// ggml's names for its type numbers (`ggml_type`), for messages about types we do not run.
pub fn ggml_type_name(t: u32) -> Option<&'static str> {
    const NAMES: [&str; 41] = [
        "F32", "F16", "Q4_0", "Q4_1", "", "", "Q5_0", "Q5_1", "Q8_0", "Q8_1", "Q2_K", "Q3_K",
        "Q4_K", "Q5_K", "Q6_K", "Q8_K", "IQ2_XXS", "IQ2_XS", "IQ3_XXS", "IQ1_S", "IQ4_NL", "IQ3_S",
        "IQ2_S", "IQ4_XS", "I8", "I16", "I32", "I64", "F64", "IQ1_M", "BF16", "", "", "", "TQ1_0",
        "TQ2_0", "", "", "", "MXFP4", "",
    ];
    NAMES.get(t as usize).copied().filter(|n| !n.is_empty())
}

/// ggml tensor element types we can compute with (values are ggml's `ggml_type`).
#[allow(non_camel_case_types)] // ggml's names: Q4_K reads as in every other tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TensorType {
    F32,
    F16,
    BF16,
    /// Blocks of 32 weights: an f16 scale then 32 `i8`.
    Q8_0,
    /// Blocks of 32: f16 scale, 16 bytes of 4-bit quants (offset 8).
    Q4_0,
    /// Blocks of 32: f16 scale, f16 minimum, 16 bytes of 4-bit quants.
    Q4_1,
    /// Blocks of 32: f16 scale, 32 fifth bits, 16 bytes of low nibbles (offset 16).
    Q5_0,
    /// Blocks of 32: f16 scale, f16 minimum, 32 fifth bits, 16 bytes of low nibbles.
    Q5_1,
    /// Super-blocks of 256 in 16 groups: 4-bit scale and minimum per group, 2-bit quants.
    Q2_K,
    /// Super-blocks of 256 in 16 groups: 6-bit signed scales, 3-bit quants (2 + a high bit).
    Q3_K,
    /// Super-blocks of 256 in 8 groups: 6-bit scale and minimum per group, 4-bit quants.
    Q4_K,
    /// As Q4_K with a fifth bit per quant.
    Q5_K,
    /// Super-blocks of 256 in 16 groups: i8 scales, 6-bit quants (offset 32).
    Q6_K,
}

impl TensorType {
    /// Every type we run, for tests and messages.
    pub const ALL: [TensorType; 13] = [
        Self::F32,
        Self::F16,
        Self::BF16,
        Self::Q8_0,
        Self::Q4_0,
        Self::Q4_1,
        Self::Q5_0,
        Self::Q5_1,
        Self::Q2_K,
        Self::Q3_K,
        Self::Q4_K,
        Self::Q5_K,
        Self::Q6_K,
    ];

    /// The type with ggml number `t`, or `None` if we do not run it.
    pub fn from_ggml(t: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|ty| ty.ggml_id() == t)
    }
    pub fn ggml_id(self) -> u32 {
        self.layout().0
    }
    /// ggml's name for the type.
    pub fn name(self) -> &'static str {
        ggml_type_name(self.ggml_id()).unwrap_or("?")
    }
    /// (ggml number, elements per block, bytes per block).
    fn layout(self) -> (u32, u64, u64) {
        match self {
            Self::F32 => (0, 1, 4),
            Self::F16 => (1, 1, 2),
            Self::Q4_0 => (2, 32, 18),
            Self::Q4_1 => (3, 32, 20),
            Self::Q5_0 => (6, 32, 22),
            Self::Q5_1 => (7, 32, 24),
            Self::Q8_0 => (8, 32, 34),
            Self::Q2_K => (10, 256, 84),
            Self::Q3_K => (11, 256, 110),
            Self::Q4_K => (12, 256, 144),
            Self::Q5_K => (13, 256, 176),
            Self::Q6_K => (14, 256, 210),
            Self::BF16 => (30, 1, 2),
        }
    }
    /// Elements per block.
    pub fn block_elems(self) -> u64 {
        self.layout().1
    }
    /// Bytes per block.
    pub fn block_bytes(self) -> u64 {
        self.layout().2
    }
    /// Bytes of a row of `n` elements, if `n` is a whole number of blocks.
    pub fn row_bytes(self, n: u64) -> Option<u64> {
        if !n.is_multiple_of(self.block_elems()) {
            return None;
        }
        (n / self.block_elems()).checked_mul(self.block_bytes())
    }
}

/// Metadata value type numbers from the GGUF spec.
mod vt {
    pub const U8: u32 = 0;
    pub const I8: u32 = 1;
    pub const U16: u32 = 2;
    pub const I16: u32 = 3;
    pub const U32: u32 = 4;
    pub const I32: u32 = 5;
    pub const F32: u32 = 6;
    pub const BOOL: u32 = 7;
    pub const STRING: u32 = 8;
    pub const ARRAY: u32 = 9;
    pub const U64: u32 = 10;
    pub const I64: u32 = 11;
    pub const F64: u32 = 12;
}

/// One metadata value; strings and arrays borrow from the file.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value<'a> {
    U8(u8),
    I8(i8),
    U16(u16),
    I16(i16),
    U32(u32),
    I32(i32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    Bool(bool),
    Str(&'a str),
    Array(Array<'a>),
}

impl<'a> Value<'a> {
    /// Any integer type that is non-negative and fits.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Self::U8(v) => Some(v.into()),
            Self::U16(v) => Some(v.into()),
            Self::U32(v) => Some(v.into()),
            Self::U64(v) => Some(v),
            Self::I8(v) => u64::try_from(v).ok(),
            Self::I16(v) => u64::try_from(v).ok(),
            Self::I32(v) => u64::try_from(v).ok(),
            Self::I64(v) => u64::try_from(v).ok(),
            _ => None,
        }
    }
    pub fn as_f32(&self) -> Option<f32> {
        match *self {
            Self::F32(v) => Some(v),
            Self::F64(v) => Some(v as f32),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&'a str> {
        match *self {
            Self::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Self::Bool(b) => Some(b),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<Array<'a>> {
        match *self {
            Self::Array(a) => Some(a),
            _ => None,
        }
    }
}

/// A metadata array: element type, count and the raw (already bounds- and UTF-8-checked) bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Array<'a> {
    elem_type: u32,
    len: usize,
    bytes: &'a [u8],
}

impl<'a> Array<'a> {
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The GGUF value type number of the elements.
    pub fn elem_type(&self) -> u32 {
        self.elem_type
    }
    /// Element `i` as a value (strings are walked from the start: O(i)).
    pub fn get(&self, i: usize) -> Option<Value<'a>> {
        self.iter().nth(i)
    }
    /// All elements in order.
    pub fn iter(&self) -> ArrayIter<'a> {
        ArrayIter {
            r: Reader::new(self.bytes),
            elem_type: self.elem_type,
            left: self.len,
        }
    }
    /// The elements as strings, if this is an array of strings.
    pub fn strings(&self) -> Option<impl Iterator<Item = &'a str> + 'a> {
        (self.elem_type == vt::STRING).then(|| self.iter().filter_map(|v| v.as_str()))
    }
    /// The elements as i32, if this is an array of i32 (token types).
    pub fn i32s(&self) -> Option<impl Iterator<Item = i32> + 'a> {
        (self.elem_type == vt::I32).then(|| {
            self.bytes
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        })
    }
    /// The elements as f32, if this is an array of f32 (token scores).
    pub fn f32s(&self) -> Option<impl Iterator<Item = f32> + 'a> {
        (self.elem_type == vt::F32).then(|| {
            self.bytes
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        })
    }
}

/// Iterator over an [`Array`]; the bytes were validated at parse time, so it cannot fail.
pub struct ArrayIter<'a> {
    r: Reader<'a>,
    elem_type: u32,
    left: usize,
}

impl<'a> Iterator for ArrayIter<'a> {
    type Item = Value<'a>;
    fn next(&mut self) -> Option<Value<'a>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        // Validated by `Gguf::parse`; an error here would mean a reader bug, so end the iteration.
        self.r.value(self.elem_type, false).ok()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

/// Where a tensor lives and what it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TensorInfo<'a> {
    pub name: &'a str,
    /// ggml order: `dims[0]` is the contiguous (row) dimension. Unused dimensions are 1.
    pub dims: [u64; MAX_DIMS],
    pub n_dims: usize,
    pub ty: TensorType,
    /// Offset of the data, relative to the data section.
    pub offset: u64,
    /// The tensor's bytes, exactly `n_elements / block_elems * block_bytes` long.
    pub data: &'a [u8],
}

impl TensorInfo<'_> {
    pub fn n_elements(&self) -> u64 {
        self.dims.iter().product()
    }
    /// The shape with trailing unused dimensions dropped.
    pub fn shape(&self) -> &[u64] {
        &self.dims[..self.n_dims]
    }
}

/// A parsed GGUF file borrowing from its bytes.
#[derive(Debug, Clone)]
pub struct Gguf<'a> {
    pub version: u32,
    pub alignment: u64,
    /// Offset of the data section in the file.
    pub data_offset: usize,
    metadata: Vec<(&'a str, Value<'a>)>,
    tensors: Vec<TensorInfo<'a>>,
}

impl<'a> Gguf<'a> {
    /// Parse and validate a whole GGUF file.
    pub fn parse(bytes: &'a [u8]) -> Result<Self, GgufError> {
        let mut r = Reader::new(bytes);
        let magic = r.u32("magic")?;
        if magic != GGUF_MAGIC {
            return Err(GgufError::BadMagic(magic));
        }
        let version = r.u32("version")?;
        if version != GGUF_VERSION {
            return Err(GgufError::BadVersion(version));
        }
        let n_tensors = r.u64("tensor count")?;
        let n_kv = r.u64("metadata count")?;
        // Smallest possible metadata entry: empty key (8) + type (4) + u8 value (1).
        let n_kv = r.count("metadata", n_kv, 13)?;
        // Smallest possible tensor info: empty name (8) + n_dims (4) + type (4) + offset (8).
        let n_tensors = r.count("tensor", n_tensors, 24)?;

        let mut metadata: Vec<(&'a str, Value<'a>)> = Vec::with_capacity(n_kv);
        for _ in 0..n_kv {
            let at = r.pos;
            let key = r.string("metadata key")?;
            if metadata.iter().any(|(k, _)| *k == key) {
                return Err(GgufError::Duplicate { offset: at });
            }
            let ty = r.u32("metadata type")?;
            let value = r.value(ty, true)?;
            metadata.push((key, value));
        }

        let alignment = match metadata.iter().find(|(k, _)| *k == "general.alignment") {
            None => DEFAULT_ALIGNMENT,
            Some((_, Value::U32(a))) => u64::from(*a),
            Some((_, v)) => return Err(GgufError::BadAlignment(v.as_u64().unwrap_or(0))),
        };
        if alignment == 0 || !alignment.is_power_of_two() {
            return Err(GgufError::BadAlignment(alignment));
        }

        struct Raw<'a> {
            name: &'a str,
            dims: [u64; MAX_DIMS],
            n_dims: usize,
            ty: TensorType,
            offset: u64,
            size: u64,
        }
        let mut raws: Vec<Raw<'a>> = Vec::with_capacity(n_tensors);
        for index in 0..n_tensors {
            let at = r.pos;
            let name = r.string("tensor name")?;
            if raws.iter().any(|t| t.name == name) {
                return Err(GgufError::Duplicate { offset: at });
            }
            let n_dims = r.u32("tensor n_dims")?;
            if n_dims as usize > MAX_DIMS {
                return Err(GgufError::AbsurdCount {
                    what: "dimension",
                    count: n_dims.into(),
                });
            }
            let mut dims = [1u64; MAX_DIMS];
            for d in dims.iter_mut().take(n_dims as usize) {
                *d = r.u64("tensor dim")?;
            }
            let ty_id = r.u32("tensor type")?;
            let ty = TensorType::from_ggml(ty_id).ok_or(GgufError::UnsupportedTensorType {
                ty: ty_id,
                tensor: ShortName::new(name),
            })?;
            let offset = r.u64("tensor offset")?;
            let mut n: u64 = 1;
            for &d in &dims {
                if d == 0 {
                    return Err(GgufError::BadShape { tensor: index });
                }
                n = n
                    .checked_mul(d)
                    .ok_or(GgufError::BadShape { tensor: index })?;
            }
            let row = ty
                .row_bytes(dims[0])
                .ok_or(GgufError::BadBlockAlignment { tensor: index })?;
            let size = row
                .checked_mul(n / dims[0])
                .ok_or(GgufError::BadShape { tensor: index })?;
            if offset % alignment != 0 {
                return Err(GgufError::MisalignedTensor { tensor: index });
            }
            raws.push(Raw {
                name,
                dims,
                n_dims: n_dims as usize,
                ty,
                offset,
                size,
            });
        }

        let data_offset = align_up(r.pos as u64, alignment)
            .filter(|&d| d <= bytes.len() as u64)
            .ok_or(GgufError::Truncated {
                what: "data section padding",
                offset: r.pos,
            })? as usize;
        let data = &bytes[data_offset..];

        let mut tensors = Vec::with_capacity(raws.len());
        for (index, t) in raws.iter().enumerate() {
            let end = t
                .offset
                .checked_add(t.size)
                .filter(|&e| e <= data.len() as u64)
                .ok_or(GgufError::TensorOutOfBounds { tensor: index })?;
            tensors.push(TensorInfo {
                name: t.name,
                dims: t.dims,
                n_dims: t.n_dims,
                ty: t.ty,
                offset: t.offset,
                data: &data[t.offset as usize..end as usize],
            });
        }

        // Overlap check on tensors sorted by offset: each must end before the next begins.
        let mut order: Vec<usize> = (0..tensors.len()).collect();
        order.sort_unstable_by_key(|&i| tensors[i].offset);
        for w in order.windows(2) {
            let (a, b) = (&tensors[w[0]], &tensors[w[1]]);
            if a.offset + a.data.len() as u64 > b.offset {
                return Err(GgufError::OverlappingTensors {
                    first: w[0],
                    second: w[1],
                });
            }
        }

        Ok(Self {
            version,
            alignment,
            data_offset,
            metadata,
            tensors,
        })
    }

    /// All metadata in file order.
    pub fn metadata(&self) -> &[(&'a str, Value<'a>)] {
        &self.metadata
    }
    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<Value<'a>> {
        self.metadata
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }
    pub fn get_str(&self, key: &str) -> Option<&'a str> {
        self.get(key).and_then(|v| v.as_str())
    }
    pub fn get_u64(&self, key: &str) -> Option<u64> {
        self.get(key).and_then(|v| v.as_u64())
    }
    pub fn get_f32(&self, key: &str) -> Option<f32> {
        self.get(key).and_then(|v| v.as_f32())
    }
    pub fn get_array(&self, key: &str) -> Option<Array<'a>> {
        self.get(key).and_then(|v| v.as_array())
    }
    /// `general.architecture`.
    pub fn architecture(&self) -> Option<&'a str> {
        self.get_str("general.architecture")
    }
    /// All tensors in file order.
    pub fn tensors(&self) -> &[TensorInfo<'a>] {
        &self.tensors
    }
    /// The tensor named `name`, if present.
    pub fn tensor(&self, name: &str) -> Option<&TensorInfo<'a>> {
        self.tensors.iter().find(|t| t.name == name)
    }
}

fn align_up(x: u64, a: u64) -> Option<u64> {
    Some(x.checked_add(a - 1)? & !(a - 1))
}

/// A bounds-checked little-endian cursor.
struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(buf: &'a [u8]) -> Self {
        Self { buf, pos: 0 }
    }

    fn take(&mut self, n: u64, what: &'static str) -> Result<&'a [u8], GgufError> {
        let left = (self.buf.len() - self.pos) as u64;
        if n > left {
            return Err(GgufError::Truncated {
                what,
                offset: self.pos,
            });
        }
        let s = &self.buf[self.pos..self.pos + n as usize];
        self.pos += n as usize;
        Ok(s)
    }

    fn arr<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], GgufError> {
        let s = self.take(N as u64, what)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, GgufError> {
        Ok(u32::from_le_bytes(self.arr(what)?))
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, GgufError> {
        Ok(u64::from_le_bytes(self.arr(what)?))
    }

    /// Reject a count whose smallest encoding (`min_size` bytes each) cannot fit in what is left,
    /// so that no allocation or loop is ever sized by an attacker-chosen number.
    fn count(&self, what: &'static str, count: u64, min_size: u64) -> Result<usize, GgufError> {
        let left = (self.buf.len() - self.pos) as u64;
        match count.checked_mul(min_size) {
            Some(need) if need <= left => Ok(count as usize),
            _ => Err(GgufError::AbsurdCount { what, count }),
        }
    }

    fn string(&mut self, what: &'static str) -> Result<&'a str, GgufError> {
        let len = self.u64(what)?;
        let at = self.pos;
        let bytes = self.take(len, what)?;
        core::str::from_utf8(bytes).map_err(|_| GgufError::InvalidUtf8 { offset: at })
    }

    fn value(&mut self, ty: u32, allow_array: bool) -> Result<Value<'a>, GgufError> {
        const W: &str = "metadata value";
        Ok(match ty {
            vt::U8 => Value::U8(self.arr::<1>(W)?[0]),
            vt::I8 => Value::I8(i8::from_le_bytes(self.arr(W)?)),
            vt::U16 => Value::U16(u16::from_le_bytes(self.arr(W)?)),
            vt::I16 => Value::I16(i16::from_le_bytes(self.arr(W)?)),
            vt::U32 => Value::U32(u32::from_le_bytes(self.arr(W)?)),
            vt::I32 => Value::I32(i32::from_le_bytes(self.arr(W)?)),
            vt::U64 => Value::U64(u64::from_le_bytes(self.arr(W)?)),
            vt::I64 => Value::I64(i64::from_le_bytes(self.arr(W)?)),
            vt::F32 => Value::F32(f32::from_le_bytes(self.arr(W)?)),
            vt::F64 => Value::F64(f64::from_le_bytes(self.arr(W)?)),
            vt::BOOL => match self.arr::<1>(W)?[0] {
                0 => Value::Bool(false),
                1 => Value::Bool(true),
                _ => return Err(GgufError::BadValueType(vt::BOOL)),
            },
            vt::STRING => Value::Str(self.string("metadata string")?),
            vt::ARRAY if allow_array => {
                let elem_type = self.u32("array type")?;
                let count = self.u64("array count")?;
                let min = match elem_type {
                    vt::U8 | vt::I8 | vt::BOOL => 1,
                    vt::U16 | vt::I16 => 2,
                    vt::U32 | vt::I32 | vt::F32 => 4,
                    vt::U64 | vt::I64 | vt::F64 | vt::STRING => 8,
                    // Arrays of arrays are legal GGUF but nothing uses them; refusing them keeps
                    // the recursion depth at one.
                    t => return Err(GgufError::BadValueType(t)),
                };
                let len = self.count("array element", count, min)?;
                let start = self.pos;
                if elem_type == vt::STRING || elem_type == vt::BOOL {
                    for _ in 0..len {
                        self.value(elem_type, false)?;
                    }
                } else {
                    self.take(count * min, "array data")?;
                }
                Value::Array(Array {
                    elem_type,
                    len,
                    bytes: &self.buf[start..self.pos],
                })
            }
            t => return Err(GgufError::BadValueType(t)),
        })
    }
}
