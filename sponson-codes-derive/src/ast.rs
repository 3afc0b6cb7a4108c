//! The parsed enum: every variant keeps a reference to its syntax so that
//! every error can point at what the user wrote.

use crate::attr::{self, EnumAttrs, FieldAttrs, VariantAttrs};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use syn::ext::IdentExt;
use syn::{Data, DeriveInput, Ident, Member};

pub struct Input<'a> {
    pub original: &'a DeriveInput,
    pub ident: &'a Ident,
    pub attrs: EnumAttrs,
    pub doc: String,
    pub variants: Vec<Variant<'a>>,
    pub public: bool,
    pub non_exhaustive: bool,
}

pub struct Variant<'a> {
    pub original: &'a syn::Variant,
    pub ident: &'a Ident,
    pub attrs: VariantAttrs,
    pub doc: String,
    /// The code string, after `name` or `rename_all`.
    pub code: String,
    pub fields: Vec<Field>,
}

pub struct Field {
    pub member: Member,
    pub attrs: FieldAttrs,
    /// Where the field's type is written: a detail that is not `Serialize`
    /// is reported there.
    pub ty_span: proc_macro2::Span,
}

impl<'a> Input<'a> {
    /// The enum, or `None` when the input is not an enum (the error is in `cx`).
    pub fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Option<Self> {
        let data = match &input.data {
            Data::Enum(data) => data,
            Data::Struct(data) => {
                cx.error_spanned_by(
                    data.struct_token,
                    "ErrorCodes can only be derived for an enum; declare the codes as the variants of an enum",
                );
                return None;
            }
            Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "ErrorCodes can only be derived for an enum; declare the codes as the variants of an enum",
                );
                return None;
            }
        };
        let attrs = attr::enum_attrs(cx, &input.attrs);
        let rule = attrs
            .rename_all
            .as_ref()
            .map_or(RenameRule::ScreamingSnake, |keyed| keyed.value);
        let variants = data
            .variants
            .iter()
            .map(|variant| Variant::from_syn(cx, variant, rule))
            .collect();
        Some(Input {
            original: input,
            ident: &input.ident,
            attrs,
            doc: attr::doc_comment(&input.attrs),
            variants,
            public: matches!(input.vis, syn::Visibility::Public(_)),
            non_exhaustive: input
                .attrs
                .iter()
                .any(|attr| attr.path().is_ident("non_exhaustive")),
        })
    }

    pub fn is_all_units(&self) -> bool {
        self.variants
            .iter()
            .all(|variant| matches!(variant.original.fields, syn::Fields::Unit))
    }

    /// Whether the derive writes `Serialize` and `Deserialize` (`#[codes(serde = false)]` opts out).
    pub fn derives_serde(&self) -> bool {
        self.attrs.serde.as_ref().is_none_or(|keyed| keyed.value)
    }

    /// Whether the derive writes `FromStr` (`#[codes(from_str = false)]` opts out).
    pub fn derives_from_str(&self) -> bool {
        self.attrs.from_str.as_ref().is_none_or(|keyed| keyed.value)
    }

    pub fn fallback_index(&self) -> Option<usize> {
        self.variants
            .iter()
            .position(|v| v.attrs.fallback.is_some())
    }

    pub fn usage_index(&self) -> Option<usize> {
        self.variants.iter().position(|v| v.attrs.usage.is_some())
    }
}

impl<'a> Variant<'a> {
    fn from_syn(cx: &Ctxt, variant: &'a syn::Variant, rule: RenameRule) -> Self {
        let attrs = attr::variant_attrs(cx, &variant.attrs);
        let code = match &attrs.name {
            Some(name) => name.value.value(),
            None => rule.apply(&variant.ident.unraw().to_string()),
        };
        let fields = variant
            .fields
            .iter()
            .enumerate()
            .map(|(i, field)| Field {
                member: match &field.ident {
                    Some(ident) => Member::Named(ident.clone()),
                    None => Member::Unnamed(i.into()),
                },
                attrs: attr::field_attrs(cx, &field.attrs),
                ty_span: syn::spanned::Spanned::span(&field.ty),
            })
            .collect();
        Variant {
            original: variant,
            ident: &variant.ident,
            attrs,
            doc: attr::doc_comment(&variant.attrs),
            code,
            fields,
        }
    }
}

impl Field {
    /// The key the field is written under in the details, if it is marked.
    pub fn detail_name(&self) -> Option<String> {
        let detail = self.attrs.detail.as_ref()?;
        Some(match (&detail.value, &self.member) {
            (Some(rename), _) => rename.value(),
            (None, Member::Named(ident)) => ident.unraw().to_string(),
            (None, Member::Unnamed(index)) => index.index.to_string(),
        })
    }
}
