import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhysiologyMessages } from '@domestique/proto';
import { toaster } from '../../../app/toaster';
import { KG_PER_LB } from '../../../app/units/units';
import { fakeApolloClient, type OperationHandler } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import type { RiderSettingsInput } from '../../../gql/graphql';
import type { RiderSettings } from '../graphql/rider-settings.graphql';
import { estimate, riderSettings } from '../test-rider-settings';
import { TrainingProfileCard } from './TrainingProfileCard';

const ftpEstimate = estimate(262, {
  rideId: 'r1',
  date: '2026-09-03',
  description: 'estimated from your 20-minute best on 3 Sep',
});
const lthrEstimate = estimate(171, {
  model: 'best-20-minutes-heart-rate',
  description: 'estimated from your best 20-minute heart rate on 5 Sep',
});

/** The card over a fake network whose saved settings follow the mutations it receives. */
const setup = (initial: RiderSettings, update?: OperationHandler) => {
  let saved = initial;
  const mutation = jest.fn<OperationHandler>(
    update ??
      ((variables) => {
        const { input } = variables as { input: RiderSettingsInput };
        saved = { ...saved, ...input, units: input.units ?? saved.units };
        return { data: { updateRiderSettings: saved } };
      }),
  );
  const { client } = fakeApolloClient({
    RiderSettings: () => ({ data: { riderSettings: saved } }),
    UpdateRiderSettings: mutation,
  });
  renderWithApp(<TrainingProfileCard />, { client, withToaster: true });
  return { mutation, events: userEvent.setup() };
};

const card = () => screen.getByRole('region', { name: /Training Profile/ });
/** The value cell of one row of the card. */
const row = (label: string) => {
  const term = within(card()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};

afterEach(() => {
  act(() => toaster.remove());
});

describe('Training Profile card', () => {
  it('switches the units to metric, saved at once, and shows the weight in kg then', async () => {
    const { mutation, events } = setup(riderSettings({ weightKg: 70.5 }));
    const units = await within(card()).findByRole('combobox', { name: 'Units' });
    expect(units).toHaveValue('imperial');
    expect(within(row('Weight')).getByText('155.4 lb')).toBeInTheDocument();
    expect(within(units).getByRole('option', { name: 'Metric (km, m, km/h, kg)' })).toBeInTheDocument();

    await events.selectOptions(units, 'Metric (km, m, km/h, kg)');
    expect(await screen.findByText('Units Updated')).toBeInTheDocument();
    expect(mutation).toHaveBeenCalledWith({ input: { units: 'metric' } });
    expect(await within(row('Weight')).findByText('70.5 kg')).toBeInTheDocument();
    expect(within(card()).getByRole('combobox', { name: 'Units' })).toHaveValue('metric');
  });

  it('says so when the units cannot be saved, and keeps them', async () => {
    const { events } = setup(riderSettings(), () => ({
      errors: [{ message: 'Units must be imperial or metric' }],
    }));
    const units = await within(card()).findByRole('combobox', { name: 'Units' });
    await events.selectOptions(units, 'Metric (km, m, km/h, kg)');
    expect(await screen.findByText('Units must be imperial or metric')).toBeInTheDocument();
    expect(within(card()).getByRole('combobox', { name: 'Units' })).toHaveValue('imperial');
  });

  it("shows the rider's values, estimates with their source, W/kg and pounds", async () => {
    setup(
      riderSettings({
        thresholdHeartrate: 168,
        weightKg: 70,
        estimates: { ftp: ftpEstimate, thresholdHeartrate: lthrEstimate },
      }),
    );
    await within(card()).findByText('262 W');
    const ftp = row('FTP');
    expect(within(ftp).getByText('· 3.74 W/kg')).toBeInTheDocument();
    expect(within(ftp).getByText('Estimated')).toBeInTheDocument();
    expect(within(ftp).getByText('Estimated from your 20-minute best on 3 Sep')).toBeInTheDocument();
    expect(within(ftp).getByRole('button', { name: /^Use estimate/ })).toBeEnabled();

    const threshold = row('Threshold heart rate');
    expect(within(threshold).getByText('168 bpm')).toBeInTheDocument();
    expect(within(threshold).getByText('Set by you')).toBeInTheDocument();
    expect(within(threshold).queryByRole('button', { name: /Use estimate/ })).not.toBeInTheDocument();

    const max = row('Max heart rate');
    expect(within(max).getByText('Not set')).toBeInTheDocument();
    expect(within(max).getByText(/No estimate yet/)).toBeInTheDocument();

    expect(within(row('Weight')).getByText('154.3 lb')).toBeInTheDocument();
  });

  it('takes the weight in pounds in imperial and in kilograms in metric, and leaves an untouched one alone', async () => {
    const { mutation, events } = setup(riderSettings({ weightKg: 70.31 }));
    await within(card()).findByText('155 lb');
    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    expect(within(card()).getByLabelText('Weight (lb)')).toHaveValue('155');
    // unchanged pounds are not a change, though 155 lb is 70.3068 kg and not 70.31
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(mutation).not.toHaveBeenCalled();

    await events.selectOptions(
      await within(card()).findByRole('combobox', { name: 'Units' }),
      'Metric (km, m, km/h, kg)',
    );
    expect(await within(row('Weight')).findByText('70.3 kg')).toBeInTheDocument();
    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    const weight = within(card()).getByLabelText('Weight (kg)');
    expect(weight).toHaveValue('70.3');
    expect(within(card()).getByText('Optional')).toBeInTheDocument();
    await events.clear(weight);
    await events.type(weight, '300');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(within(card()).getByText(PhysiologyMessages.weightKg)).toBeInTheDocument();
    await events.clear(weight);
    await events.type(weight, '72.5');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(mutation).toHaveBeenLastCalledWith({ input: { weightKg: 72.5 } });
  });

  it('"Use estimate" saves the estimate as the rider\'s value, toasts, and shows it as theirs', async () => {
    const { mutation, events } = setup(riderSettings({ estimates: { ftp: ftpEstimate } }));
    await within(card()).findByText('262 W');
    expect(within(row('FTP')).queryByText(/W\/kg/)).not.toBeInTheDocument();
    await events.click(within(card()).getByRole('button', { name: 'Use estimate for FTP (262 W)' }));
    expect(mutation).toHaveBeenCalledWith({ input: { ftp: 262 } });
    expect(await screen.findByText('Training Profile Updated')).toBeInTheDocument();
    expect(await within(row('FTP')).findByText('Set by you')).toBeInTheDocument();
    expect(within(row('FTP')).queryByText('Estimated')).not.toBeInTheDocument();
  });

  it("refuses out-of-range and non-numeric values with the API's messages, without saving", async () => {
    const { mutation, events } = setup(riderSettings({ maxHeartrate: 185 }));
    await within(card()).findByText('185 bpm');
    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    await events.type(within(card()).getByLabelText('FTP (W)'), 'abc');
    await events.type(within(card()).getByLabelText('Threshold heart rate (bpm)'), '250');
    await events.type(within(card()).getByLabelText('Weight (lb)'), '10');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));

    expect(within(card()).getByText(PhysiologyMessages.ftp)).toBeInTheDocument();
    expect(within(card()).getByText(PhysiologyMessages.thresholdHeartrate)).toBeInTheDocument();
    // the weight's rule in the rider's unit (imperial: pounds), 25-250 kg rounded inwards
    expect(within(card()).getByText('Weight must be between 55.2 and 551.1 lb')).toBeInTheDocument();
    expect(within(card()).getByLabelText('FTP (W)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(card()).getByLabelText('FTP (W)')).toHaveFocus();

    // a decimal FTP is refused; the pounds typed show in kilograms
    const retype = async (label: string, text: string) => {
      await events.clear(within(card()).getByLabelText(label));
      await events.type(within(card()).getByLabelText(label), text);
    };
    await retype('FTP (W)', '250.5');
    await retype('Threshold heart rate (bpm)', '170');
    await retype('Weight (lb)', '159.7');
    expect(within(card()).getByText('= 72.4 kg')).toBeInTheDocument();
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(within(card()).getByText(PhysiologyMessages.ftp)).toBeInTheDocument();
    expect(within(card()).queryByText(PhysiologyMessages.thresholdHeartrate)).not.toBeInTheDocument();
    expect(within(card()).queryByText(/^Weight must be/)).not.toBeInTheDocument();

    // a threshold above the saved max heart rate is caught though only the threshold changed
    await retype('FTP (W)', '275');
    await retype('Threshold heart rate (bpm)', '190');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(within(card()).getByText(PhysiologyMessages.thresholdAboveMax)).toBeInTheDocument();
    expect(within(card()).queryByText(PhysiologyMessages.ftp)).not.toBeInTheDocument();
    expect(within(card()).getByLabelText('Threshold heart rate (bpm)')).toHaveFocus();
    expect(mutation).not.toHaveBeenCalled();

    // fixed: only what changed is sent, the weight in kg (159.7 lb = 72.4387 kg, kept to the API's precision)
    await retype('Threshold heart rate (bpm)', '170');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(mutation).toHaveBeenCalledWith({
      input: { ftp: 275, thresholdHeartrate: 170, weightKg: expect.closeTo(159.7 * KG_PER_LB, 1) },
    });
    expect(await within(row('FTP')).findByText('275 W')).toBeInTheDocument();
    expect(within(row('FTP')).getByText('· 3.80 W/kg')).toBeInTheDocument();
  });

  it('clearing a value goes back to the estimate; Cancel, Escape and an unchanged form save nothing', async () => {
    const { mutation, events } = setup(riderSettings({ ftp: 280, estimates: { ftp: ftpEstimate } }));
    await within(card()).findByText('280 W');

    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    await events.clear(within(card()).getByLabelText('FTP (W)'));
    await events.click(within(card()).getByRole('button', { name: 'Cancel' }));
    expect(within(card()).getByText('280 W')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Edit training profile' })).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(within(card()).getByLabelText('FTP (W)')).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(within(card()).queryByLabelText('FTP (W)')).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Edit training profile' })).toHaveFocus();

    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    expect(within(card()).getByLabelText('FTP (W)')).toHaveValue('280');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(within(card()).queryByLabelText('FTP (W)')).not.toBeInTheDocument();
    expect(mutation).not.toHaveBeenCalled();

    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    const ftp = within(card()).getByLabelText('FTP (W)');
    expect(within(card()).getByText('Leave empty to use the estimate (262 W)')).toBeInTheDocument();
    await events.clear(ftp);
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(mutation).toHaveBeenCalledTimes(1);
    expect(mutation).toHaveBeenCalledWith({ input: { ftp: null } });
    expect(await within(row('FTP')).findByText('262 W')).toBeInTheDocument();
    expect(within(row('FTP')).getByText('Estimated from your 20-minute best on 3 Sep')).toBeInTheDocument();
  });

  it("keeps the form and toasts the server's message when saving fails", async () => {
    const { events } = setup(riderSettings(), () => ({
      errors: [{ message: PhysiologyMessages.ftp, extensions: { code: 'BAD_USER_INPUT' } }],
    }));
    await within(card()).findAllByText('Not set');
    await events.click(within(card()).getByRole('button', { name: 'Edit training profile' }));
    await events.type(within(card()).getByLabelText('FTP (W)'), '300');
    await events.click(within(card()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(PhysiologyMessages.ftp)).toBeInTheDocument();
    expect(within(card()).getByLabelText('FTP (W)')).toHaveValue('300');
  });

  it('says so when the settings cannot be loaded, and tries again', async () => {
    let fail = true;
    const { client } = fakeApolloClient({
      RiderSettings: () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { data: { riderSettings: riderSettings({ ftp: 250 }) } };
      },
    });
    renderWithApp(<TrainingProfileCard />, { client });
    expect(screen.getByRole('status', { name: 'Loading training profile' })).toBeInTheDocument();
    expect(await screen.findByText('Your training profile could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByText('250 W')).toBeInTheDocument();
  });
});
