import QuartetUI
import SalesCore
import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

/// The health-care edit form: numbers typed the locale's way, refused ones explained under the field; a save that
/// failed says why at the top, and one that met a newer version on the server offers Send Mine or Discard Mine.
struct HealthCareFormView: View {
    let model: AccountScreenModel

    var body: some View {
        NavigationStack {
            Form {
                if let banner = model.banner {
                    Section {
                        BannerLine(banner)
                        if model.conflict != nil {
                            Button(SalesText.sendOver) { Task { await model.sendMineTapped() } }
                            Button(SalesText.discardMine, role: .destructive) { model.discardMineTapped() }
                        }
                    }
                }
                ForEach(HealthCareField.allCases, id: \.self) { field in
                    VStack(alignment: .leading) {
                        Text(field.label).font(.caption).foregroundStyle(.secondary).accessibilityHidden(true)
                        TextField(
                            field.label,
                            text: Binding(
                                get: { model.form?.text[field] ?? "" },
                                set: { model.fieldEdited(field, text: $0) })
                        )
                        // NB: the form closes when the save lands; what was typed meanwhile would go with it.
                        .disabled(model.isBusy)
                        #if canImport(UIKit)
                            .keyboardType(field.isNumeric ? .decimalPad : .default)
                        #endif
                        if let error = model.form?.errors[field] {
                            Text(error).font(.caption).foregroundStyle(.red)
                        }
                    }
                }
            }
            .navigationTitle(SalesText.healthCareTitle)
            .confirming(
                model.formConfirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed
            )
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button(SalesText.cancel) { model.cancelTapped() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button(SalesText.save) { Task { await model.saveTapped() } }
                        .disabled(model.form?.isValid != true || model.isBusy)
                }
            }
        }
    }
}

struct HealthCareFormView_Previews: PreviewProvider {
    static var previews: some View {
        PreviewHost(accountID: SalesPreview.hospitalID) { model in
            HealthCareFormView(model: model).task {
                await model.appeared()
                model.editTapped()
            }
        }

    }
}
